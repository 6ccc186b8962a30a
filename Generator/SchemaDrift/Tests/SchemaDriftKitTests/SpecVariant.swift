import Foundation
import Testing
import GeneratorKit
import Yams

@testable import SchemaDriftKit

/// A variant of the real spec (and catalogue), built in code, compared with the repository's Schema/.
struct SpecVariant {
    var spec: Node
    var catalogue: [CatalogueEntry] = ReferenceFiles.catalogue

    init() throws {
        spec = try #require(ReferenceFiles.specNode)
    }

    /// A component schema's node, to edit.
    subscript(schema name: String) -> Node? {
        get { spec["components"]?["schemas"]?[name] }
        set { spec["components"]?["schemas"]?[name] = newValue }
    }

    /// Removes a property of a component schema, and its name from the schema's `required`.
    mutating func removeProperty(_ property: String, of name: String) {
        guard var schema = self[schema: name], var properties = schema["properties"]?.mapping else { return }
        properties[property] = nil
        schema["properties"] = .mapping(properties)
        if let required = schema["required"]?.sequence {
            schema["required"] = .sequence(Node.Sequence(required.filter { $0.string != property }))
        }
        self[schema: name] = schema
    }

    /// Adds a property to an object schema node, required or not.
    static func adding(_ property: String, _ definition: Node, required: Bool, to schema: Node) -> Node {
        var schema = schema
        schema["properties"]?[property] = definition
        if required {
            let names = (schema["required"]?.sequence.map(Array.init) ?? []) + [Node(property)]
            schema["required"] = .sequence(Node.Sequence(names))
        }
        return schema
    }

    /// The report of Schema/ against this variant.
    func report() throws -> DriftReport {
        let document = try SpecDocument(yaml: try Yams.serialize(node: spec))
        return SchemaDrift.compare(
            try #require(ReferenceFiles.schema), extensions: try #require(ReferenceFiles.extensions), spec: document,
            specName: "variant.yml", catalogue: catalogue, catalogueName: "api_errors.json"
        )
    }
}

extension DriftReport {
    /// The changes at a location.
    func changes(at location: String) -> [DriftChange] {
        changes.filter { $0.location == location }
    }
}
