import ClerkLocalTesting
import ExampleFlows
import Foundation
import Testing

/// Every flow against a clerk-local started on its own, as a developer would try them against their
/// own instance: `Examples --print-settings FLOW` writes the settings file, `clerk-local --ephemeral
/// --settings FILE --secret-key KEY` serves it, and `Examples --frontend-api URL --secret-key KEY FLOW`
/// runs the flow, provisioning its accounts through the SDK and the Backend API.
// One flow at a time: each runs two processes, and 35 at once would starve the rest of the suite.
@Suite("Every flow against a separately started clerk-local", .serialized)
struct SeparateInstanceTests {
    static let secretKey = "sk_test_separateinstance0123456789"

    /// `clerk-local --ephemeral --port 0 --quiet` with `arguments`, once its banner names its URL (waited
    /// for on a thread of its own, leaving the cooperative pool to the other tests).
    static func serve(_ arguments: [String], in directory: URL? = nil) async throws -> (ClerkLocalProcess, String) {
        let server = try ClerkLocalProcess(["--ephemeral", "--port", "0", "--quiet"] + arguments, in: directory)
        do {
            _ = try await server.ready()
            return (server, try #require(server.baseURL))
        } catch {
            server.stop()
            throw error
        }
    }

    @Test("the flow passes against clerk-local started with its printed settings", arguments: ExampleFlow.all)
    func flowPasses(_ flow: ExampleFlow) async throws {
        let printed = try await ExamplesProcess.run(["--print-settings", flow.name])
        #expect(printed.status == 0, Comment(rawValue: printed.output))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("separate-\(flow.name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let settingsFile = directory.appendingPathComponent("settings.json")
        try Data(printed.output.utf8).write(to: settingsFile)

        let (server, url) = try await Self.serve(["--settings", settingsFile.path, "--secret-key", Self.secretKey], in: directory)
        defer { server.stop() }

        let run = try await ExamplesProcess.run(["--frontend-api", url, "--secret-key", Self.secretKey, "--json", flow.name])
        #expect(run.status == 0, Comment(rawValue: run.output))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let result = try #require((document["flows"] as? [[String: Any]])?.first)
        #expect(result["passed"] as? Bool == true, Comment(rawValue: "\(result["error"] ?? "") \(result["refusal"] ?? "")"))
        #expect((result["requests"] as? Int ?? 0) > 0)
    }

    @Test("a flow whose setting the instance lacks is refused before any request, naming the setting; the run exits 0")
    func missingSettingRefuses() async throws {
        let (server, url) = try await Self.serve([])
        defer { server.stop() }
        let run = try await ExamplesProcess.run(["--frontend-api", url, "mfa-required-sign-up"])
        #expect(run.status == 0, Comment(rawValue: run.output))
        #expect(
            run.output.contains(
                "refused 15. mfa-required-sign-up: this flow needs an instance that requires MFA: User & authentication → Multi-factor → Require"))
        #expect(run.output.contains("0/1 passed, 1 refused, 0 requests"))
    }

    @Test("legal acceptance and multi-session are refused by an instance without the setting, naming it")
    func missingLegalConsentOrMultiSessionRefuses() async throws {
        let (server, url) = try await Self.serve([])
        defer { server.stop() }
        for (name, setting) in [("legal-acceptance", "requires legal consent"), ("multi-session", "in multi-session mode")] {
            let run = try await ExamplesProcess.run(["--frontend-api", url, "--json", name])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let result = try #require((document["flows"] as? [[String: Any]])?.first)
            #expect((result["refusal"] as? String)?.contains(setting) == true, "\(name): \(result["refusal"] ?? result["error"] ?? "")")
            #expect(result["requests"] as? Int == 0)
        }
    }

    @Test("a flow that acts as a backend is refused without --secret-key, naming the key")
    func missingKeyRefuses() async throws {
        let (server, url) = try await Self.serve([])
        defer { server.stop() }
        for name in ["compromised-password", "session-lifecycle"] {
            let run = try await ExamplesProcess.run(["--frontend-api", url, "--json", name])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            let result = try #require((document["flows"] as? [[String: Any]])?.first)
            #expect((result["refusal"] as? String)?.contains("needs the instance's secret key") == true, "\(name)")
            #expect(result["requests"] as? Int == 0)
            #expect(document["passed"] as? Bool == true, "a refusal is not a failure")
        }
    }

    @Test("--print-settings names an unknown flow's mistake")
    func unknownFlow() async throws {
        let run = try await ExamplesProcess.run(["--print-settings", "no-such-flow"])
        #expect(run.status != 0)
        #expect(run.output.contains("unknown flow 'no-such-flow'"))
    }
}

/// The built `Examples`, run to its end.
enum ExamplesProcess {
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let binary = try #require(BuiltProduct.url(named: "Examples"), "the Examples binary is built beside the tests")
        return try await OwnThread.run {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            process.standardInput = FileHandle.nullDevice
            try process.launchSerialized()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
    }
}
