import Foundation
import Testing

@testable import GeneratorKit

/// The resolve step decides names, type spellings and optionality once; these read its model.
@Suite("Resolving Swift names, types and optionality")
struct ResolveTests {
    private func resolve(_ documents: [String: String]) throws -> ResolvedSchema {
        let (schema, parseDiagnostics) = SchemaParser().parse(files: documents.map { ($0.key, Data($0.value.utf8)) })
        try #require(parseDiagnostics.isEmpty, "\(parseDiagnostics)")
        let (resolved, diagnostics) = SchemaResolver().resolve(schema)
        try #require(diagnostics.isEmpty, "\(diagnostics)")
        return resolved
    }

    private let resources = #"""
        {"resources": [
          {"name": "Strict", "fields": [
            {"name": "id", "type": "string", "required": true},
            {"name": "ended_at", "type": "timestamp", "required": true, "nullable": true},
            {"name": "tags", "type": "[string]"},
            {"name": "default", "type": "{json}", "required": true}
          ]},
          {"name": "Loose", "lenient": true, "fields": [{"name": "id", "type": "string", "required": true}]}
        ]}
        """#

    @Test func propertiesAreOptionalUnlessRequiredNonNullableAndStrict() throws {
        let documents = try resolve(["r.json": resources]).documents
        let strict = try #require(documents.first?.resources.first)
        #expect(strict.fields.map(\.property.type) == ["String", "ClerkTimestamp?", "[String]?", "[String: JSONValue]"])
        #expect(strict.fields.map(\.property.baseType) == ["String", "ClerkTimestamp", "[String]", "[String: JSONValue]"])
        #expect(strict.fields.map(\.alwaysEncoded) == [true, true, false, true])
        #expect(strict.fields.map(\.property.defaultValue) == [nil, .nil, .nil, nil])
        let loose = try #require(documents.first?.resources.last)
        #expect(loose.fields.map(\.property.type) == ["String?"])
        #expect(loose.fields.map(\.alwaysEncoded) == [true])
    }

    @Test func namesAndCodingKeys() throws {
        let strict = try #require(try resolve(["r.json": resources]).documents.first?.resources.first)
        #expect(strict.fields.map(\.property.name.name) == ["id", "endedAt", "tags", "default"])
        #expect(strict.fields.map(\.property.name.source) == ["id", "endedAt", "tags", "`default`"])
        #expect(strict.fields.map(\.wireName) == ["id", "ended_at", "tags", "default"])
    }

    private let endpoints = [
        "types.json": #"""
        {"enums": [{"name": "Kind", "values": [{"value": "a"}]}],
         "resources": [{"name": "Thing", "fields": [{"name": "id", "type": "string"}]}],
         "envelope": {"clientType": "Thing"}}
        """#,
        "endpoints.json": #"""
        {"endpoints": [
          {"name": "moveThing", "method": "POST", "path": "/v1/things/{thing_id}/move/{to}",
           "pathParameters": [{"name": "thing_id"}, {"name": "to"}],
           "body": [{"name": "kind", "type": "Kind", "required": true}, {"name": "kinds", "type": "[Kind]"},
                    {"name": "names", "type": "[string]"}, {"name": "extra", "type": "json"}],
           "response": {"shape": "enveloped", "type": "Thing", "nullable": true}},
          {"name": "listThings", "method": "GET", "path": "/v1/things", "response": {"shape": "bare", "type": "[Thing]"}}
        ]}
        """#,
    ]

    @Test func endpointsResolveTheirTypesPathAndForm() throws {
        let resolved = try #require(try resolve(endpoints).documents.first?.endpoints)
        let move = try #require(resolved.first)
        #expect(move.typeName == "MoveThingRequest" && move.methodCase == "post")
        #expect(move.response.type == "ClientEnvelope<Thing?, Thing>" && move.response.shapeCase == "enveloped")
        #expect(move.placeholders == ["thing_id", "to"])
        #expect(
            move.pathComponents == [
                .literal("/v1/things/"), .parameter(SwiftIdentifier(name: "thingID", source: "thingID")),
                .literal("/move/"), .parameter(SwiftIdentifier(name: "to", source: "to")),
            ])
        #expect(move.bodyFields.map(\.coding) == [.openString(typeName: "Kind"), .openStrings(typeName: "Kind"), .strings, .json])
        #expect(move.bodyProperty.defaultValue == nil && move.initializerTakesBody)
        let list = try #require(resolved.last)
        #expect(list.response.type == "[Thing]")
        #expect(list.bodyProperty.defaultValue == .emptyInstance(typeName: "Body") && !list.initializerTakesBody)
        #expect(list.pathComponents == [.literal("/v1/things")])
    }

    @Test func declarationsAreListedWithTheirKinds() throws {
        let resolved = try resolve(endpoints)
        #expect(resolved.typeDeclarations.map(\.name) == ["MoveThingRequest", "ListThingsRequest", "Kind", "Thing"])
        #expect(resolved.kinds["Kind"] == .enumeration && resolved.kinds["Thing"] == .resource)
        #expect(resolved.kinds["MoveThingRequest"] == .request && resolved.envelopeClientType == "Thing")
    }

    @Test func namesThatCannotBeDerivedAreReportedByResolve() throws {
        let (schema, _) = SchemaParser().parse(files: [("x.json", Data(#"{"enums":[{"name":"E","values":[{"value":"9"}]}]}"#.utf8))])
        let (_, diagnostics) = SchemaResolver().resolve(schema)
        #expect(diagnostics.map(\.description) == ["x.json: $.enums[0].values[0]: enum value '9' does not give a Swift name; add a swiftName"])
    }
}
