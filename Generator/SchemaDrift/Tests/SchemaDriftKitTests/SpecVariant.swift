import Foundation
import GeneratorKit
import OpenAPIKit30
import Testing

@testable import SchemaDriftKit

/// A variant of the real spec (and catalogue), built in code by editing its OpenAPIKit document, and
/// compared with the repository's Schema/.
struct SpecVariant {
    var document: OpenAPI.Document
    var catalogue: [CatalogueEntry] = ReferenceFiles.catalogue

    init() throws {
        document = try #require(ReferenceFiles.spec).document
    }

    /// Edits the properties of an object component schema (`Client.SignIn`).
    mutating func editProperties(of component: String, _ edit: (inout OrderedDictionary<String, JSONSchema>) -> Void) throws {
        let key = try #require(OpenAPI.ComponentKey(rawValue: component))
        let schema = try #require(document.components.schemas[key])
        document.components.schemas[key] = try Self.editing(schema, edit)
    }

    /// Edits the form body properties of the POST operation at `path`.
    mutating func editFormBody(ofPostAt path: String, _ edit: (inout OrderedDictionary<String, JSONSchema>) -> Void) throws {
        let key = OpenAPI.Path(rawValue: path)
        var item = try #require(document.paths[key]?.pathItemValue)
        var operation = try #require(item.post)
        var request = try #require(operation.requestBody?.b)
        var content = try #require(request.content[.form])
        content.schema = .b(try Self.editing(try #require(content.schema?.b), edit))
        request.content[.form] = content
        operation.requestBody = .b(request)
        item.post = operation
        document.paths[key] = .b(item)
    }

    /// Adds a POST operation at a new path.
    mutating func addOperation(_ id: String, at path: String) {
        document.paths[OpenAPI.Path(rawValue: path)] = .b(OpenAPI.PathItem(post: OpenAPI.Operation(operationId: id, responses: [:])))
    }

    private static func editing(_ schema: JSONSchema, _ edit: (inout OrderedDictionary<String, JSONSchema>) -> Void) throws -> JSONSchema {
        guard case .object(let core, let context) = schema.value else {
            Issue.record("not an object schema")
            return schema
        }
        var properties = context.properties
        edit(&properties)
        return .object(core, .init(properties: properties, additionalProperties: context.additionalProperties, maxProperties: context.maxProperties))
    }

    /// The report of Schema/ against this variant.
    func report() throws -> DriftReport {
        SchemaDrift.compare(
            try #require(ReferenceFiles.schema), extensions: try #require(ReferenceFiles.extensions), spec: SpecDocument(document: document),
            specName: "variant.yml", catalogue: catalogue, catalogueName: "api_errors.json"
        )
    }
}

extension JSONSchema {
    /// The schema with one more allowed value, or one fewer.
    func allowing(adding added: String? = nil, removing removed: String? = nil) -> JSONSchema {
        let values = (allowedValues ?? []).filter { ($0.value as? String) != removed } + (added.map { [AnyCodable($0)] } ?? [])
        return with(allowedValues: values)
    }
}

extension DriftReport {
    /// The changes at a location.
    func changes(at location: String) -> [DriftChange] {
        changes.filter { $0.location == location }
    }
}
