import ClerkLocalServer
import ClerkLocalTesting
import Foundation
import Testing

/// What the command says when it cannot do what it was asked: one line naming the problem and the way
/// out, never a framework's error dump, and nothing listening.
@Suite("clerk-local refusals on the command line")
struct ClerkLocalCommandLineRefusalTests {
    @Test("a port outside 0-65535 is refused, naming the range (not served on another port)", arguments: ["70000", "65536", "-1"])
    func portOutOfRange(_ port: String) async throws {
        let server = try ClerkLocalProcess(["--ephemeral", "--port", port])
        await server.exited()
        #expect(server.terminationStatus != 0)
        #expect(server.stderr.contains("--port \(port) is not a TCP port: give one from 0 to 65535"), "\(server.stderr)")
        #expect(!server.stderr.contains("Missing value"), "\(server.stderr)")
        #expect(!server.stdout.contains("Frontend API at"), "\(server.stdout)")
    }

    @Test("a port another process holds: one line naming the port, how to find the process, and --port 0")
    func portInUse() async throws {
        let holder = try await LocalFrontendAPI.start()
        defer { Task { await holder.shutdown() } }
        let server = try ClerkLocalProcess(["--ephemeral", "--port", "\(holder.port)"])
        await server.exited()
        #expect(server.terminationStatus != 0)
        let message = server.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(message.contains("port \(holder.port) on 127.0.0.1 is in use by another process"), "\(message)")
        #expect(message.contains("lsof -i :\(holder.port)") && message.contains("--port 0"), "\(message)")
        #expect(!message.contains("errno") && !message.contains("bind(descriptor"), "\(message)")
    }

    @Test("a settings file that is not valid JSON names the file and where parsing stopped")
    func malformedSettings() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-settings-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("{\n  \"preset\": \"mfa\",\n  \"client_trust\": fals\n}\n".utf8).write(to: file)
        let server = try ClerkLocalProcess(["--ephemeral", "--port", "0", "--settings", file.path])
        await server.exited()
        #expect(server.terminationStatus != 0)
        #expect(server.stderr.contains("settings file \(file.path): not valid JSON ("), "\(server.stderr)")
        #expect(server.stderr.contains("line 3") || server.stderr.contains("byte "), "\(server.stderr)")
        #expect(!server.stderr.contains("the settings file must hold a JSON object"), "\(server.stderr)")
    }

    @Test("a truncated import file says it is not valid JSON, where it stops, and imports nothing")
    func truncatedImport() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-import-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"{"format": "clerk-local-users", "version": 1, "exported_at": 0, "users": [{"id": "user_cut1", "#.utf8).write(to: file)
        let server = try ClerkLocalProcess(["--ephemeral", "--port", "0", "--import", file.path])
        await server.exited()
        #expect(server.terminationStatus != 0)
        #expect(server.stderr.contains("\(file.path) was refused, no user was imported: the document: is not valid JSON ("), "\(server.stderr)")
        #expect(!server.stdout.contains("Frontend API at"))
    }
}
