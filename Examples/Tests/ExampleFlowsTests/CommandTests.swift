import ClerkLocalTesting
import ExampleFlows
import Foundation
import Testing

/// The `Examples` executable itself, as `swift run --package-path Examples Examples` runs it.
@Suite("The Examples command")
struct CommandTests {
    /// Runs the built `Examples` with `arguments`, `input` as its standard input.
    func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String) {
        let binary = try #require(BuiltProduct.url(named: "Examples"), "the Examples binary is built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        let stdin = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = stdin
        try process.launchSerialized()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("with no arguments it runs every flow, exits 0, and its summary lists them all as passed")
    func mainCommand() throws {
        let (status, output) = try run([])
        #expect(status == 0, Comment(rawValue: output))
        let summary = try #require(output.components(separatedBy: "\nSummary\n").last)
        for flow in ExampleFlow.all {
            let row = summary.split(separator: "\n").first { $0.hasPrefix("\(flow.number). \(flow.name) ") }
            #expect(row?.contains(" passed ") == true, "\(flow.name) in the summary")
        }
        #expect(summary.contains("\(ExampleFlow.all.count)/\(ExampleFlow.all.count) passed"))
        #expect(output.components(separatedBy: TranscriptEntry.legend).count == 2, "the transcript's marks are explained once")
        for guide in Set(ExampleFlow.all.map(\.guide)) {
            #expect(output.contains("   guide: \(guide.title), \(guide.url.absoluteString)"))
        }
        #expect(!output.contains(".txt"), "guides are named by title and link, not by a reference file")
    }

    @Test("every flow of the catalog is a subcommand")
    func everyFlowIsASubcommand() throws {
        let (status, output) = try run(["--help"])
        #expect(status == 0, Comment(rawValue: output))
        let section = try #require(output.components(separatedBy: "SUBCOMMANDS:").last)
        let subcommands = Set(section.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        for flow in ExampleFlow.all {
            #expect(subcommands.contains(flow.name), "\(flow.name) among the subcommands")
        }
    }

    @Test("naming a flow runs only that one; --json prints machine-readable results")
    func oneFlowAsJSON() throws {
        let (status, output) = try run(["mfa-totp", "--json"])
        #expect(status == 0, Comment(rawValue: output))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(object["passed"] as? Bool == true)
        let flows = try #require(object["flows"] as? [[String: Any]])
        #expect(flows.count == 1)
        #expect(flows.first?["name"] as? String == "mfa-totp")
        #expect(flows.first?["requests"] as? Int == 2)
        #expect(flows.first?["guide_slug"] as? String == "multi-factor-authentication")
    }

    @Test("a failing flow makes the command exit non-zero")
    func failureExitsNonZero() throws {
        // Nothing listens on port 9 of loopback: the flow cannot reach its Frontend API.
        let (status, output) = try run(["email-code-sign-in", "--frontend-api", "http://127.0.0.1:9"])
        #expect(status != 0)
        #expect(output.contains("FAILED"))
    }

    @Test("a malformed publishable key is refused before anything runs")
    func badPublishableKey() throws {
        let (status, output) = try run(["--publishable-key", "pk_test_not-base64!"])
        #expect(status != 0)
        #expect(output.contains("invalid publishable key"))
        #expect(!output.contains("== Flow"))
    }

    @Test("--interactive shows the person the prompts, the messages and the outcome, not the wire transcript; the guide by title and link")
    func interactiveShowsWhatAPersonNeeds() throws {
        // Enter takes Hedy's address; the input then ends at the code prompt.
        let (status, output) = try run(["email-code-sign-in", "--interactive"], input: "\n")
        #expect(status != 0)
        #expect(output.contains("   guide: \(Guide.emailOrPhoneCode.title), \(Guide.emailOrPhoneCode.url.absoluteString)"))
        #expect(!output.contains(".txt"))
        #expect(output.contains("Email address [hedy.lamarr@example.com]: "))
        #expect(output.contains("[outbox] email to hedy.lamarr@example.com"))
        #expect(output.contains("We sent a code by email to hedy.lamarr@example.com."))
        #expect(output.contains("  ✗ Flow: the terminal's input ended"))
        #expect(!output.contains("→ [device"), "no request lines without --verbose")
        #expect(!output.contains(" — Hedy answers"), "no question lines without --verbose")
        #expect(!output.contains(TranscriptEntry.legend))
    }

    @Test("--interactive --verbose adds the transcript, its marks explained once")
    func interactiveVerbose() throws {
        let (_, output) = try run(["email-code-sign-in", "--interactive", "--verbose"], input: "\n")
        #expect(output.components(separatedBy: TranscriptEntry.legend).count == 2)
        #expect(output.contains("  → [device 1] POST /v1/client/sign_ins → 200"))
        #expect(output.contains("We sent a code by email to hedy.lamarr@example.com."))
    }
}
