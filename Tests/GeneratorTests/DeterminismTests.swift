import Foundation
import GeneratorKit
import Testing

@Suite("Deterministic output")
struct DeterminismTests {
    @Test func sameSchemaGivesByteIdenticalFiles() throws {
        let first = try Generation.generate(schemaDirectory: Paths.realSchema)
        let second = try Generation.generate(schemaDirectory: Paths.realSchema)
        #expect(first == second)
    }

    @Test func fileOrderOnDiskDoesNotMatter() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Paths.fixtureSchema.path).filter { $0.hasSuffix(".json") }
        let files = try names.map { ($0, try Data(contentsOf: Paths.fixtureSchema.appendingPathComponent($0))) }
        let forward = try Generation.generate(files: files.sorted { $0.0 < $1.0 })
        let backward = try Generation.generate(files: files.sorted { $0.0 > $1.0 })
        #expect(forward == backward)
    }

    @Test func jsonKeyOrderDoesNotMatter() throws {
        let a = #"{"enums":[{"name":"E","values":[{"value":"x"}]}],"doc":"d"}"#
        let b = #"{"doc":"d","enums":[{"values":[{"value":"x"}],"name":"E"}]}"#
        #expect(try Generation.generate(files: [("e.json", Data(a.utf8))]) == Generation.generate(files: [("e.json", Data(b.utf8))]))
    }
}
