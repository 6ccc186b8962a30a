import ClerkLocalServer
import ClerkLocalTesting
import Foundation
import Testing

/// `clerk-local wait`, as the README's "Using the SDK" block runs it after starting the server in the background.
@Suite("clerk-local wait")
struct ClerkLocalWaitCommandTests {
    /// A loopback port nothing listens on: one a server just gave back.
    static func freePort() async throws -> Int {
        let server = try await LocalFrontendAPI.start()
        let port = server.port
        await server.shutdown()
        return port
    }

    @Test("waits for a server that starts after it, then exits 0")
    func waitsForTheServer() async throws {
        let port = try await Self.freePort()
        let wait = try ClerkLocalProcess(["wait", "--server", "http://127.0.0.1:\(port)", "--timeout", "600"])
        try await Task.sleep(for: .milliseconds(500))
        let server = try ClerkLocalProcess(["--port", "\(port)", "--ephemeral", "--quiet"])
        defer { server.stop() }
        await wait.exited()
        #expect(wait.terminationStatus == 0, "\(wait.stderr)")
        #expect(wait.stdout == "clerk-local is ready at http://127.0.0.1:\(port)\n")
    }

    @Test("with no server, it says so in one line after its time-out and exits 1")
    func noServer() async throws {
        let port = try await Self.freePort()
        let wait = try ClerkLocalProcess(["wait", "--server", "http://127.0.0.1:\(port)", "--timeout", "1"])
        await wait.exited()
        #expect(wait.terminationStatus == 1)
        #expect(wait.stderr.split(separator: "\n").count == 1, "\(wait.stderr)")
        #expect(wait.stderr.contains("no clerk-local answered at http://127.0.0.1:\(port) within 1 s"), "\(wait.stderr)")
    }
}
