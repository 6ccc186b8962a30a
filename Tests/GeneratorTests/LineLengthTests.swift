import Foundation
import GeneratorKit
import Testing

@Suite("Generated lines fit the formatter's width")
struct LineLengthTests {
    @Test("no initializer line of the real schema's output passes 160 columns (swift-format would rewrap it; long doc comments and messages it leaves alone)")
    func realSchema() throws {
        for file in try Generation.generate(schemaDirectory: Paths.realSchema) {
            for (number, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.count > 160 && line.contains("public init(") {
                Issue.record("\(file.name):\(number + 1) has \(line.count) columns")
            }
        }
    }

    @Test("an endpoint with many query parameters gets a parameter-per-line initializer")
    func longEndpointInitializer() throws {
        let query = (1...9).map { #"{"name":"parameter_number_\#($0)","type":"string"}"# }.joined(separator: ",")
        let schema = #"{"endpoints":[{"name":"listThings","method":"GET","path":"/v1/things","query":[\#(query)],"response":{"shape":"bare","type":"json"}}]}"#
        let file = try #require(try Generation.generate(files: [("things.json", Data(schema.utf8))]).first)
        #expect(file.contents.contains("    public init(\n        parameterNumber1: String? = nil,\n"))
        #expect(!file.contents.split(separator: "\n").contains { $0.count > 160 && $0.contains("public init(") })
    }
}
