import ArgumentParser
import Foundation
import SchemaDriftKit

/// `schema-drift`: how Schema/ differs from a Clerk Frontend API spec and error catalogue.
struct SchemaDriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema-drift",
        abstract: "Compares Schema/ with a Clerk Frontend API spec (and error catalogue) and grades each change ERR, WARN or INFO.",
        discussion: "Exit status: 0, or 1 when a change reaches --fail-on (default ERR), 2 when an input cannot be read."
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file of Clerk's Frontend API spec (YAML), as Clerk publishes it: https://raw.githubusercontent.com/clerk/openapi-specs/main/fapi/2026-05-12.yml.",
            valueName: "FILE"))
    var spec: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file of Clerk's error catalogue, as Clerk publishes it (https://raw.githubusercontent.com/clerk/clerk-docs/main/data/api_errors.json); without it error codes are not compared.",
            valueName: "FILE"))
    var errors: String?

    @Option(name: .long, help: ArgumentHelp("The schema folder (default: this repository's Schema/).", valueName: "DIR"))
    var schema: String?

    @Option(name: .long, help: "text, json or markdown.")
    var format: String = "text"

    @Option(name: .customLong("fail-on"), help: "ERR, WARN, INFO or never: the least level that makes the exit status 1.")
    var failOn: String = "ERR"

    @Flag(name: .long, help: "Write the additive (INFO) changes into the schema folder; never an ERR or WARN.")
    var apply = false

    func validate() throws {
        guard ReportFormat(rawValue: format) != nil else { throw ValidationError("--format must be text, json or markdown") }
        guard FailThreshold(argument: failOn) != nil else { throw ValidationError("--fail-on must be ERR, WARN, INFO or never") }
    }

    func run() throws {
        let run = DriftRun(
            specFile: URL(fileURLWithPath: spec),
            errorsFile: errors.map(URL.init(fileURLWithPath:)),
            schemaDirectory: schema.map(URL.init(fileURLWithPath:)) ?? Self.repositorySchema,
            format: ReportFormat(rawValue: format) ?? .text,
            failOn: FailThreshold(argument: failOn) ?? .level(.error),
            apply: apply
        )
        let outcome: DriftRun.Outcome
        do {
            outcome = try run.run()
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print(outcome.output)
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }

    /// `Schema/` of the repository this tool is built from (Generator/SchemaDrift/Sources/schema-drift/main.swift → Schema/).
    private static var repositorySchema: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Schema").standardizedFileURL
    }
}

SchemaDriftCommand.main()
