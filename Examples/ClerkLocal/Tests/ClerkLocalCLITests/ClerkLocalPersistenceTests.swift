import ClerkLocalTesting
import Foundation
import NIOConcurrencyHelpers
import Testing

/// `clerk-local` with a data directory, as a developer runs it: what it answered survives the
/// process being killed outright, and a restart on the same directory carries on.
@Suite("clerk-local: state on disk")
struct ClerkLocalPersistenceTests {
    struct Answered: Sendable {
        var email: String
        var sessionID: String
        var clientToken: String
    }

    static let form = "application/x-www-form-urlencoded"

    @Test("killed with SIGKILL amid concurrent sign-ups, restarted on the same directory: every answered session mints tokens, every user signs in")
    func survivesSIGKILL() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-data-\(UUID().uuidString)")
        let arguments = ["--port", "0", "--quiet", "--preset", "email-code", "--data-dir", directory.path]
        let first = try ClerkLocalProcess(arguments)
        _ = try first.banner()
        let base = try #require(first.baseURL)

        let answered = NIOLockedValueBox<[Answered]>([])
        let stopped = NIOLockedValueBox(false)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    var round = 0
                    while !stopped.withLockedValue({ $0 }) {
                        let email = "w\(worker)-\(round)-\(UUID().uuidString.prefix(6).lowercased())+clerk_test@example.com"
                        if let done = try? await Self.signUp(email, base: base) { answered.withLockedValue { $0.append(done) } }
                        round += 1
                    }
                }
            }
            // Killed while the workers' requests are in flight, once enough have been answered.
            for _ in 0..<600 where answered.withLockedValue({ $0.count }) < 40 {
                try? await Task.sleep(for: .milliseconds(50))
            }
            first.kill()
            stopped.withLockedValue { $0 = true }
        }
        let sessions = answered.withLockedValue { $0 }
        #expect(sessions.count >= 40, "sign-ups answered before the kill: \(sessions.count); stderr: \(first.stderr)")

        let second = try ClerkLocalProcess(arguments)
        defer { second.stop() }
        _ = try second.banner()
        let restarted = try #require(second.baseURL)
        for session in sessions {
            let token = try await HTTP.send(
                "POST", restarted + "/v1/client/sessions/\(session.sessionID)/tokens?_is_native=true",
                headers: ["Authorization": session.clientToken])
            #expect(token.status == 200, "\(session.email): \(String(decoding: token.body, as: UTF8.self))")
            #expect((token.json["jwt"] as? String)?.isEmpty == false)
        }
        for session in sessions {
            #expect(try await Self.signIn(session.email, base: restarted), "\(session.email) signs in after the restart")
        }
    }

    @Test("stopped with SIGTERM: the log is folded in, and state.sqlite alone (a backup of one file) restarts with every user")
    func cleanStopLeavesOneFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-data-\(UUID().uuidString)")
        let backup = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-backup-\(UUID().uuidString)")
        defer { for url in [directory, backup] { try? FileManager.default.removeItem(at: url) } }
        let first = try ClerkLocalProcess(["--port", "0", "--quiet", "--preset", "email-code", "--data-dir", directory.path])
        _ = try first.banner()
        let base = try #require(first.baseURL)
        var emails: [String] = []
        for number in 0..<20 {
            let email = "stop-\(number)-\(UUID().uuidString.prefix(6).lowercased())+clerk_test@example.com"
            if try await Self.signUp(email, base: base) != nil { emails.append(email) }
        }
        #expect(emails.count == 20)
        first.stop()
        #expect(first.terminationStatus == 0, "\(first.stderr)")
        let log = directory.appendingPathComponent("state.sqlite-wal").path
        #expect(((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int ?? 0) == 0, "the log was folded in")

        try FileManager.default.createDirectory(at: backup, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("state.sqlite"), to: backup.appendingPathComponent("state.sqlite"))
        let second = try ClerkLocalProcess(["--port", "0", "--quiet", "--preset", "email-code", "--data-dir", backup.path])
        defer { second.stop() }
        _ = try second.banner()
        let restored = try #require(second.baseURL)
        for email in emails {
            #expect(try await Self.signIn(email, base: restored), "\(email) signs in on the copy of state.sqlite")
        }
    }

    @Test("--ephemeral keeps nothing: a restart starts empty, and the default directory is never created")
    func ephemeral() async throws {
        let workingDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-\(UUID().uuidString)")
        let arguments = ["--port", "0", "--quiet", "--preset", "email-code", "--ephemeral"]
        let first = try ClerkLocalProcess(arguments, in: workingDirectory)
        _ = try first.banner()
        #expect(first.stdout.contains("state             in memory"))
        let email = "eph-\(UUID().uuidString.prefix(6).lowercased())+clerk_test@example.com"
        _ = try await Self.signUp(email, base: try #require(first.baseURL))
        first.stop()

        let second = try ClerkLocalProcess(arguments, in: workingDirectory)
        defer { second.stop() }
        _ = try second.banner()
        #expect(try await !Self.signIn(email, base: try #require(second.baseURL)))
        #expect(!FileManager.default.fileExists(atPath: workingDirectory.appendingPathComponent(".clerk-local").path))
    }

    @Test("without --data-dir the state goes to ./.clerk-local, named in the banner")
    func defaultDirectory() async throws {
        let workingDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-\(UUID().uuidString)")
        let server = try ClerkLocalProcess(["--port", "0", "--quiet"], in: workingDirectory)
        defer { server.stop() }
        let banner = try server.banner()
        #expect(banner.contains("state             .clerk-local (kept across restarts"), Comment(rawValue: banner))
        #expect(FileManager.default.fileExists(atPath: workingDirectory.appendingPathComponent(".clerk-local/state.sqlite").path))
    }

    /// An email-code sign-up with a test address (code 424242): the session it created, once answered.
    static func signUp(_ email: String, base: String) async throws -> Answered? {
        let created = try await HTTP.send(
            "POST", base + "/v1/client/sign_ups?_is_native=true", contentType: form, body: "email_address=\(encoded(email))")
        guard created.status == 200, let token = created.headers["authorization"],
            let id = (created.json["response"] as? [String: Any])?["id"] as? String
        else { return nil }
        let headers = ["Authorization": token]
        let prepared = try await HTTP.send(
            "POST", base + "/v1/client/sign_ups/\(id)/prepare_verification?_is_native=true", contentType: form,
            body: "strategy=email_code", headers: headers)
        guard prepared.status == 200 else { return nil }
        let attempted = try await HTTP.send(
            "POST", base + "/v1/client/sign_ups/\(id)/attempt_verification?_is_native=true", contentType: form,
            body: "strategy=email_code&code=424242", headers: headers)
        guard attempted.status == 200, let session = (attempted.json["response"] as? [String: Any])?["created_session_id"] as? String
        else { return nil }
        return Answered(email: email, sessionID: session, clientToken: token)
    }

    /// An email-code sign-in on a new client; whether it completed.
    static func signIn(_ email: String, base: String) async throws -> Bool {
        let created = try await HTTP.send(
            "POST", base + "/v1/client/sign_ins?_is_native=true", contentType: form,
            body: "identifier=\(encoded(email))&strategy=email_code")
        guard created.status == 200, let token = created.headers["authorization"],
            let id = (created.json["response"] as? [String: Any])?["id"] as? String
        else { return false }
        let attempted = try await HTTP.send(
            "POST", base + "/v1/client/sign_ins/\(id)/attempt_first_factor?_is_native=true", contentType: form,
            body: "strategy=email_code&code=424242", headers: ["Authorization": token])
        return (attempted.json["response"] as? [String: Any])?["status"] as? String == "complete"
    }

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }
}

@Suite("clerk-local: export from a data directory")
struct ClerkLocalDataDirectoryExportTests {
    @Test("export --data-dir reads a stopped server's directory; while a server uses it, both export and a second server are refused")
    func exportFromDirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-data-\(UUID().uuidString)")
        let server = try ClerkLocalProcess(["--port", "0", "--quiet", "--data-dir", directory.path])
        _ = try server.banner()
        let base = try #require(server.baseURL)
        let seeded = try await HTTP.send(
            "POST", base + "/__local/admin/users", contentType: "application/json",
            body: #"{"email_address": "kept@example.com", "password": "a-long-Secret-42"}"#)
        #expect(seeded.status == 201)

        let busy = try ClerkLocalProcess(["export", "-", "--data-dir", directory.path])
        await busy.exited()
        #expect(busy.terminationStatus != 0)
        #expect(busy.stderr.contains("another clerk-local (process"), "\(busy.stderr)")
        #expect(busy.stderr.contains("export from the running server instead: clerk-local export - --server URL"), "\(busy.stderr)")
        #expect(!busy.stderr.contains("--ephemeral"), "advice for serve, not for export")
        let second = try ClerkLocalProcess(["--port", "0", "--data-dir", directory.path])
        await second.exited()
        #expect(second.terminationStatus != 0)
        #expect(second.stderr.contains("is using \(directory.path); stop it, or give this one another --data-dir"), "\(second.stderr)")
        // The refusal alone: no usage text, which says nothing about it.
        #expect(!second.stderr.contains("USAGE") && !second.stderr.contains("--help"), "\(second.stderr)")

        server.stop()
        let export = try ClerkLocalProcess(["export", "-", "--data-dir", directory.path])
        await export.exited()
        #expect(export.terminationStatus == 0, "\(export.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let users = try #require(document["users"] as? [[String: Any]])
        #expect(users.map { $0["id"] as? String } == [seeded.json["id"] as? String])
    }
}
