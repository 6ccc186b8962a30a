import Foundation
import Testing

@testable import SchemaDriftKit

/// The report formats and the exit status `--fail-on` calls for.
struct ReportFormatTests {
    private let report = DriftReport(
        changes: [
            DriftChange(level: .error, kind: "field-removed", location: "sign_in.json SignIn.id", message: "the spec no longer has id, which the SDK requires"),
            DriftChange(
                level: .info, kind: "enum-value-added", location: "enums.json SignInStatus.x", message: "new | value",
                addition: .enumValue(file: "enums.json", enumName: "SignInStatus", value: "x")),
        ],
        extensions: [ExtensionList.Entry(resource: "SignIn", field: "locale", evidence: "Tests/ClerkAPITests/Payloads/sign_in_needs_second_factor.json")],
        specName: "spec.yml", catalogueName: nil
    )

    @Test func jsonHasExactlyTheFourKeysOfEachChange() throws {
        let json = ReportFormat.json.render(report)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Array(object.keys) == ["changes"])
        let changes = try #require(object["changes"] as? [[String: String]])
        #expect(changes.map { Set($0.keys) } == Array(repeating: ["level", "kind", "location", "message"], count: 2))
        #expect(changes.map { $0["level"] } == ["ERR", "INFO"])
    }

    @Test func textSaysTheCatalogueWasNotCompared() {
        let text = ReportFormat.text.render(report)
        #expect(text.contains("error codes not compared (no --errors catalogue given)"))
        #expect(text.contains("ERR 1, WARN 0, INFO 1\n  ERR  field-removed: 1\n  INFO enum-value-added: 1\n"))
        #expect(text.contains("SignIn.locale: Tests/ClerkAPITests/Payloads/sign_in_needs_second_factor.json"))
    }

    @Test func markdownEscapesTableCellsAndCountsTheApplicableChanges() {
        let markdown = ReportFormat.markdown.render(report)
        #expect(markdown.contains("| enum-value-added | `enums.json SignInStatus.x` | new \\| value |"))
        #expect(markdown.contains("would write 1 additive change into Schema/"))
        #expect(markdown.contains("| ERR | 1 |"))
    }

    @Test func failOnFollowsTheLevels() throws {
        let warning = [DriftChange(level: .warning, kind: "k", location: "l", message: "m")]
        #expect(try #require(FailThreshold(argument: "ERR")).fails(warning) == false)
        #expect(try #require(FailThreshold(argument: "WARN")).fails(warning))
        #expect(try #require(FailThreshold(argument: "INFO")).fails(warning))
        #expect(try #require(FailThreshold(argument: "never")).fails(report.changes) == false)
        #expect(FailThreshold(argument: "error") == nil)
    }

    @Test func onlyInfoChangesCarryAnAddition() {
        let change = DriftChange(level: .warning, kind: "k", location: "l", message: "m", addition: .enumValue(file: "f", enumName: "E", value: "v"))
        #expect(change.addition == nil)
    }
}
