import Foundation
import Testing

@testable import GeneratorKit

/// `extensions.json` at the top of a schema folder is schema-drift's list, not a schema document.
struct ExtensionListFileTests {
    @Test func theGeneratorSkipsExtensionsJSONAtTheTopOnly() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = Data(#"{"extensions": [{"resource": "SignIn", "field": "locale", "evidence": "WIRE.md"}]}"#.utf8)
        try list.write(to: folder.appendingPathComponent("extensions.json"))
        try Data(#"{"doc": "Nothing yet."}"#.utf8).write(to: folder.appendingPathComponent("a.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try list.write(to: folder.appendingPathComponent("nested/extensions.json"))

        let (schema, diagnostics) = try SchemaParser().parse(directory: folder)
        // Below the top, a file of that name is an ordinary document, and this one is not valid.
        #expect(!schema.documents.map(\.file).contains("extensions.json"))
        #expect(diagnostics.map(\.location.file) == ["nested/extensions.json"])
    }
}
