import ClerkLocalServer
import ClerkLocalTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The README's "Using the SDK" steps, as a reader follows them: `clerk-local` with its default settings, the
/// seeding request the README shows, then the README's program (`ReadmeSignIn`) with the password and the
/// Client Trust code typed on its standard input.
@Suite("README: using the SDK")
struct ReadmeSignInTests {
    /// The body of the README's `curl` seeding line.
    static let seedJSON = #"{"email_address": "jane+clerk_test@example.com", "password": "a-long-Secret-42"}"#

    /// The built `ReadmeSignIn` program, beside the test bundle.
    static var program: URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        return candidates.map { $0.appendingPathComponent("ReadmeSignIn") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test("against clerk-local's default settings, after the README's seeding request, the program signs in")
    func signsIn() async throws {
        let program = try #require(Self.program, "the ReadmeSignIn program is built beside the tests")
        let server = try await LocalFrontendAPI.start()
        do {
            var seed = URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + "/__local/admin/users")))
            seed.httpMethod = "POST"
            seed.setValue("application/json", forHTTPHeaderField: "Content-Type")
            seed.httpBody = Data(Self.seedJSON.utf8)
            let (_, answer) = try await URLSession.shared.data(for: seed)
            #expect((answer as? HTTPURLResponse)?.statusCode == 201)

            let (status, output) = try await Self.run(
                program, environment: ["CLERK_FRONTEND_API": server.baseURL.absoluteString], input: "a-long-Secret-42\n424242\n")

            #expect(status == 0, Comment(rawValue: output))
            #expect(output.contains("Password: Code sent to"), Comment(rawValue: output))
            #expect(output.contains("Signed in: session sess_"), Comment(rawValue: output))
            #expect(!output.contains("a-long-Secret-42"))
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test("with no server to reach, the program says so in one line and exits 1, without a crash")
    func failsInOneLine() async throws {
        let program = try #require(Self.program, "the ReadmeSignIn program is built beside the tests")
        let stopped = try await LocalFrontendAPI.start()
        let address = stopped.baseURL.absoluteString
        await stopped.shutdown()

        let (status, output) = try await Self.run(program, environment: ["CLERK_FRONTEND_API": address], input: "a-long-Secret-42\n")

        #expect(status == 1, Comment(rawValue: output))
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.last?.hasPrefix("Sign-in failed: transport failure: cannot connect") == true, Comment(rawValue: output))
        #expect(!output.contains("Fatal error") && !output.contains("Backtrac"), Comment(rawValue: output))
        #expect(!output.contains("a-long-Secret-42"))
    }

    /// Runs `program` with `input` on its standard input; its status and everything it printed. The
    /// waiting happens on a thread of its own: the program talks to the server in this process, whose
    /// handlers need the concurrency pool that a blocked test task would hold.
    static func run(_ program: URL, environment: [String: String], input: String) async throws -> (Int32, String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                let process = Process()
                process.executableURL = program
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
                let output = Pipe()
                let stdin = Pipe()
                process.standardOutput = output
                process.standardError = output
                process.standardInput = stdin
                do {
                    try process.launchSerialized()
                    stdin.fileHandleForWriting.write(Data(input.utf8))
                    try stdin.fileHandleForWriting.close()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let data = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
            }
        }
    }
}
