import ExampleFlows
import Foundation
import Testing

/// The `Examples` executable itself, as `swift run --package-path Examples Examples` runs it.
@Suite("The Examples command")
struct CommandTests {
    /// The built `Examples` binary, beside the test bundle.
    static var binary: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent("Examples")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return url
            }
        }
        return nil
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let binary = try #require(Self.binary, "the Examples binary is built beside the tests")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("with no arguments it runs all 13 flows, exits 0, and its summary lists them all as passed")
    func mainCommand() throws {
        let (status, output) = try run([])
        #expect(status == 0, Comment(rawValue: output))
        let summary = try #require(output.components(separatedBy: "\nSummary\n").last)
        for flow in ExampleFlow.all {
            let row = summary.split(separator: "\n").first { $0.hasPrefix("\(flow.number). \(flow.name) ") }
            #expect(row?.contains(" passed ") == true, "\(flow.name) in the summary")
        }
        #expect(summary.contains("13/13 passed"))
        for guide in Set(ExampleFlow.all.map(\.guide)) {
            #expect(output.contains("   guide: \(guide.title), https://clerk.com/docs/guides/development/custom-flows/authentication/"))
        }
        #expect(!output.contains(".txt"), "guides are named by title and link, not by a reference file")
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
}
