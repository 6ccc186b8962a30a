import Foundation
import OpenAPIKit30
import Yams

/// Clerk's Frontend API spec, read with OpenAPIKit (OpenAPI 3.0), with the lookups the
/// comparison needs: component schemas by dotted path and operations by operationId.
public struct SpecDocument: Sendable {
    let document: OpenAPI.Document

    /// Reads a spec as Clerk publishes it (YAML; JSON is YAML too).
    public init(yaml: String) throws(DriftFailure) {
        do {
            document = try YAMLDecoder().decode(OpenAPI.Document.self, from: yaml)
        } catch {
            throw .unreadableSpec(String(describing: error))
        }
    }

    /// A spec already read (tests build variants of the real one).
    init(document: OpenAPI.Document) {
        self.document = document
    }

    /// Reads the spec file at `url`.
    public init(contentsOf url: URL) throws(DriftFailure) {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { throw .unreadableFile(url.path) }
        try self.init(yaml: text)
    }

    /// The object a schema's `spec` names: a component (`Client.SignIn`), or a property path below one
    /// (`Client.SignIn.user_data`). Alternatives joined by `|` or `,` read as one object with the union of
    /// their properties; a part after `+` adds its properties to some of them (`allOf` in the spec), so they
    /// are optional and leave the alternatives' own required-ness alone. Nil when a name leads nowhere.
    func object(named reference: String) -> SpecObject? {
        let parts = reference.split(separator: "+").map(String.init)
        guard let base = parts.first, var object = union(of: base) else { return nil }
        for extra in parts.dropFirst() {
            guard let addition = union(of: extra) else { return nil }
            object.add(optional: addition)
        }
        return object
    }

    private func union(of alternatives: String) -> SpecObject? {
        let names = alternatives.split(whereSeparator: { $0 == "," || $0 == "|" }).map { $0.trimmingCharacters(in: .whitespaces) }
        var objects: [SpecObject] = []
        for name in names {
            guard let schema = schema(atDottedPath: name) else { return nil }
            objects.append(SpecShapes(components: document.components).object(of: schema))
        }
        return SpecObject(union: objects)
    }

    /// The operations of the spec by operationId.
    func operations() -> [String: SpecOperation] {
        var result: [String: SpecOperation] = [:]
        for (path, item) in document.paths {
            guard let item = item.pathItemValue else { continue }
            for endpoint in item.endpoints {
                guard let id = endpoint.operation.operationId else { continue }
                result[id] = SpecOperation(
                    id: id, method: endpoint.method.rawValue, path: path.rawValue,
                    pathParameters: item.parameters + endpoint.operation.parameters,
                    operation: endpoint.operation, components: document.components
                )
            }
        }
        return result
    }

    private func schema(atDottedPath name: String) -> JSONSchema? {
        let parts = name.split(separator: ".").map(String.init)
        let shapes = SpecShapes(components: document.components)
        for split in stride(from: parts.count, through: 1, by: -1) {
            let componentName = parts[..<split].joined(separator: ".")
            guard let key = OpenAPI.ComponentKey(rawValue: componentName), var schema = document.components.schemas[key] else { continue }
            for property in parts[split...] {
                guard let next = shapes.object(of: schema).properties[property]?.schema else { return nil }
                schema = next
            }
            return schema
        }
        return nil
    }
}

/// Failures that stop a comparison before it starts.
public enum DriftFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadableFile(String)
    case unreadableSpec(String)
    case unreadableCatalogue(String)
    case unreadableExtensions(String)
    case invalidSchema(String)

    /// One line saying what could not be read.
    public var description: String {
        switch self {
        case .unreadableFile(let path): "cannot read \(path)"
        case .unreadableSpec(let reason): "the spec is not an OpenAPI 3.0 document: \(reason)"
        case .unreadableCatalogue(let reason): "the error catalogue is not Clerk's api_errors.json format: \(reason)"
        case .unreadableExtensions(let reason): "Schema/extensions.json is invalid: \(reason)"
        case .invalidSchema(let reason): "the schema is invalid: \(reason)"
        }
    }
}
