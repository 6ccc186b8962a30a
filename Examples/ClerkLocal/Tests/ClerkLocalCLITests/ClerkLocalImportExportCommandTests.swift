import ClerkLocalTesting
import Foundation
import Testing

/// `clerk-local export FILE` and `clerk-local --import FILE`, run as a developer runs them.
@Suite("The clerk-local command: export and --import")
struct ClerkLocalImportExportCommandTests {
    private static let password = "a-long-Secret-42"

    @Test("export writes a running server's users to a file only its owner reads; --import starts another server with them")
    func exportThenImport() async throws {
        let source = try ClerkLocalProcess(["--port", "0", "--quiet"])
        defer { source.stop() }
        _ = try source.banner()
        let sourceURL = try #require(source.baseURL)
        let seeded = try await HTTP.send(
            "POST", "\(sourceURL)/__local/admin/users", contentType: "application/json",
            body: #"{"email_address": "mover@example.com", "password": "\#(Self.password)"}"#)
        #expect(seeded.status == 201)
        let userID = try #require(seeded.json["id"] as? String)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-users-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let export = try ClerkLocalProcess(["export", file.path, "--server", sourceURL + "/"])
        await export.exited()
        #expect(export.terminationStatus == 0, "\(export.stderr)")
        #expect(export.stderr == "clerk-local: exported 1 user to \(file.path)\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
        let written = try Data(contentsOf: file)
        #expect(!String(decoding: written, as: UTF8.self).contains(Self.password))

        let target = try ClerkLocalProcess(["--port", "0", "--quiet", "--import", file.path])
        defer { target.stop() }
        let banner = try target.banner()
        #expect(banner.contains("\n  users             1 imported from \(file.path)\n"), "\(banner)")
        let targetURL = try #require(target.baseURL)
        let signIn = try await HTTP.send(
            "POST", "\(targetURL)/v1/client/sign_ins", contentType: "application/x-www-form-urlencoded",
            body: "identifier=mover%40example.com&password=\(Self.password)")
        // The password is accepted (Client Trust, on in this preset, then asks a new device for an email code).
        #expect(signIn.status == 200, "\(String(decoding: signIn.body, as: UTF8.self))")
        let status = (signIn.json["response"] as? [String: Any])?["status"] as? String
        #expect(status == "complete" || status == "needs_client_trust", "\(status ?? "none")")
        let wrong = try await HTTP.send(
            "POST", "\(targetURL)/v1/client/sign_ins", contentType: "application/x-www-form-urlencoded",
            body: "identifier=mover%40example.com&password=not-\(Self.password)")
        #expect(wrong.status == 422)

        let again = try ClerkLocalProcess(["export", "-", "--server", targetURL])
        await again.exited()
        let document = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        let users = try #require(document["users"] as? [[String: Any]])
        #expect(users.map { $0["id"] as? String } == [userID], "the user keeps their id")
        #expect(again.stderr == "clerk-local: exported 1 user to standard output\n")
    }

    @Test("a file with something wrong stops start-up and names the field; nothing listens")
    func refusedFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-bad-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let user = """
            {"id": "user_bad1", "username": "bad_user1", "email_addresses": [], "phone_numbers": [],
             "password": {"hasher": "bcrypt", "digest": "hunter2"},
             "password_compromised": false, "unsafe_metadata": {}, "created_at": 0, "updated_at": 0}
            """
        try Data(#"{"format": "clerk-local-users", "version": 1, "exported_at": 0, "users": [\#(user)]}"#.utf8).write(to: file)
        let server = try ClerkLocalProcess(["--port", "0", "--import", file.path])
        await server.exited()
        #expect(server.terminationStatus != 0)
        #expect(
            server.stderr.contains("\(file.path) was refused, no user was imported: users[0].password.digest (user user_bad1): is not a bcrypt digest"),
            "\(server.stderr)")
        #expect(!server.stderr.contains("hunter2"))
        #expect(!server.stdout.contains("Frontend API at"))
    }

    @Test("export from a server that is not there fails and leaves the file as it was")
    func unreachable() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-kept-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("kept".utf8).write(to: file)
        let export = try ClerkLocalProcess(["export", file.path, "--server", "http://127.0.0.1:9"])
        await export.exited()
        #expect(export.terminationStatus != 0)
        #expect(export.stderr.contains("cannot reach clerk-local at http://127.0.0.1:9"), "\(export.stderr)")
        #expect(try Data(contentsOf: file) == Data("kept".utf8))
    }
}
