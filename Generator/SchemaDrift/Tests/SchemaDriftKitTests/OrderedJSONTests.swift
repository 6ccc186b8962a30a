import Foundation
import Testing

@testable import SchemaDriftKit

/// `--apply` rewrites schema files through OrderedJSON: a file read and written back is unchanged.
struct OrderedJSONTests {
    @Test(arguments: try FileManager.default.contentsOfDirectory(atPath: ReferenceFiles.schemaDirectory.path).filter { $0.hasSuffix(".json") }.sorted())
    func everySchemaFileRoundTripsByteForByte(file: String) throws {
        let text = try String(contentsOf: ReferenceFiles.schemaDirectory.appendingPathComponent(file), encoding: .utf8)
        var parser = OrderedJSONParser(text)
        #expect(try parser.parse().rendered() + "\n" == text)
    }

    @Test func newStringsAreEscaped() {
        #expect(OrderedJSON.string("a \"b\"\n\\ \u{1}").rendered() == #""a \"b\"\n\\ \u0001""#)
    }

    @Test func malformedJSONIsATypedFailure() {
        var parser = OrderedJSONParser("{\"a\": [1, 2}")
        #expect(throws: OrderedJSONParser.Failure.self) { try parser.parse() }
    }
}
