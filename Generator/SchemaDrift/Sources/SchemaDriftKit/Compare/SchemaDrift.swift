import Foundation
import GeneratorKit

/// Compares `Schema/` with a Clerk Frontend API spec and, when given, Clerk's error catalogue.
public enum SchemaDrift {
    /// Compares a parsed schema. `catalogue` nil leaves the error codes uncompared.
    public static func compare(
        _ schema: Schema, extensions: ExtensionList, spec: SpecDocument, specName: String,
        catalogue: [CatalogueEntry]?, catalogueName: String?
    ) -> DriftReport {
        let index = SchemaIndex(schema)
        let operations = spec.operations()
        let resources = ResourceComparison(index: index, spec: spec, extensions: extensions)
        let endpoints = EndpointComparison(index: index, operations: operations, extensions: extensions)
        var result = ComparisonResult()
        for document in schema.documents {
            for resource in document.resources {
                resources.compare(resource, file: document.file, into: &result)
            }
            for endpoint in document.endpoints {
                endpoints.compare(endpoint, file: document.file, into: &result)
            }
            if let catalogue, let decl = document.errorCatalogue {
                ErrorCodeComparison(catalogue: catalogue, extensions: extensions).compare(decl, file: document.file, into: &result)
            }
        }
        EnumComparison(index: index, extensions: extensions).compare(result.observations, into: &result)
        let covered = Set(schema.documents.flatMap(\.endpoints).map(\.operationID))
        for operation in operations.values.sorted(by: { ($0.path, $0.method) < ($1.path, $1.method) }) where !covered.contains(operation.id) {
            result.add(.info, "operation-uncovered", "operation \(operation.id)", "\(operation.method.uppercased()) \(operation.path) is not in the schema")
        }
        var seen: Set<ExtensionList.Entry> = []
        let extensionsMet = result.extensions.filter { seen.insert($0).inserted }
        return DriftReport(changes: result.changes, extensions: extensionsMet, specName: specName, catalogueName: catalogue == nil ? nil : catalogueName)
    }

    /// Reads the schema folder (with its `extensions.json`), the spec and the catalogue, and compares them.
    public static func compare(schemaDirectory: URL, specFile: URL, errorsFile: URL?) throws(DriftFailure) -> DriftReport {
        let schema = try loadSchema(schemaDirectory)
        let extensions = try ExtensionList(schemaDirectory: schemaDirectory)
        let spec = try SpecDocument(contentsOf: specFile)
        var catalogue: [CatalogueEntry]?
        if let errorsFile {
            guard let data = try? Data(contentsOf: errorsFile) else { throw .unreadableFile(errorsFile.path) }
            catalogue = try CatalogueEntry.catalogue(from: data)
        }
        return compare(
            schema, extensions: extensions, spec: spec, specName: specFile.lastPathComponent,
            catalogue: catalogue, catalogueName: errorsFile?.lastPathComponent
        )
    }

    /// The schema as the generator reads it; any problem the generator would report stops the comparison.
    public static func loadSchema(_ directory: URL) throws(DriftFailure) -> Schema {
        let parsed: (Schema, [SchemaDiagnostic])
        do {
            parsed = try SchemaParser().parse(directory: directory)
        } catch {
            throw .invalidSchema(String(describing: error))
        }
        guard parsed.1.isEmpty else { throw .invalidSchema(SchemaError(parsed.1).description) }
        return parsed.0
    }
}
