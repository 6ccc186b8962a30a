import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// The server over a data directory, in router mode: what one instance stored, the next one on the
/// same directory reads back, with the same keys.
@Suite("Persistence: SQLite data directory")
struct SQLiteStorageTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-test-\(UUID().uuidString)")
    }

    @Test("Users with every factor, sessions, the outbox and the signing key come back after a restart")
    func restart() async throws {
        let directory = Self.temporaryDirectory()
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let email = Fixture.email()
        let phone = "+14155552671"
        let first = try await SQLiteStorage(directory: directory)
        let (seeded, token, sessionID, jwks) = try await withServer(SettingsPreset.mfa.settings, now: { clock.now() }, storage: first) { server in
            let seeded = try await server.seedUser(
                SeedUser(emailAddress: email, password: Fixture.password, generateTOTPSecret: true, generateBackupCodes: true))
            _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email("phone"), phoneNumber: phone))
            let device = server.client()
            let pending = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let secret = try #require(seeded.totpSecret)
            let code = try #require(LocalTOTP(base32Secret: secret)).code(at: clock.now())
            let done = try await device.signInAction(pending.id, "attempt_second_factor", [("strategy", "totp"), ("code", code)])
            let session = try #require(try done.client?.sessions.first)
            let texted = try await server.client().signIn([("identifier", phone), ("strategy", "phone_code")])
            #expect(texted.status == 200, "\(String(decoding: texted.data, as: UTF8.self))")
            #expect(server.latestCode(to: phone) != nil)
            return (seeded, try #require(device.token), session.id, try server.core.signer.jwksDocument())
        }
        await first.close()

        let second = try await SQLiteStorage(directory: directory)
        try await withServer(SettingsPreset.mfa.settings, now: { clock.now() }, storage: second) { server in
            #expect(try server.core.signer.jwksDocument() == jwks, "tokens minted before the restart still verify")
            #expect(server.latestCode(to: phone) != nil, "the outbox kept the code sent before the restart")

            let device = server.client()
            device.token = token
            let minted = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens")
            #expect(minted.status == 200, "\(String(decoding: minted.data, as: UTF8.self))")

            clock.advance(by: .seconds(30))
            let again = server.client()
            let pending = try await again.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let backup = try #require(seeded.backupCodes?.first)
            let done = try await again.signInAction(pending.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", backup)])
            #expect(try done.signIn.status == .complete, "the password hash and backup codes were kept")

            clock.advance(by: .seconds(30))
            let replay = server.client()
            let secondPending = try await replay.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let used = try await replay.signInAction(
                secondPending.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", backup)])
            expectError(used, status: 422, code: "form_code_incorrect", param: "code")
        }
        await second.close()
    }

    @Test("A reset is stored too: the next start is empty")
    func resetIsStored() async throws {
        let directory = Self.temporaryDirectory()
        let email = Fixture.email()
        let first = try await SQLiteStorage(directory: directory)
        try await withServer(storage: first) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let reset = try await server.client().send("POST", "/__local/admin/reset", rawBody: Data("{}".utf8), contentType: "application/json")
            #expect(reset.status == 200)
            _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email("after"), password: Fixture.password))
        }
        await first.close()
        let stored = try await SQLiteStorage(directory: directory)
        let state = try await stored.load()
        #expect(state.users.count == 1, "only the user seeded after the reset")
        #expect(state.users.first?.record.primaryEmail?.address != email)
        await stored.close()
    }

    @Test("A data directory that cannot be used stops start-up with a clear error")
    func unusableDirectory() async throws {
        let file = Self.temporaryDirectory()
        try Data("not a directory".utf8).write(to: file)
        await #expect {
            try await LocalFrontendAPI.start(storage: .directory(file))
        } throws: { error in
            (error as? LocalServerError)?.code == "data_directory_unusable"
        }
    }

    @Test("One server per data directory: a second is refused while the first runs, and opens once it stops")
    func oneServerPerDirectory() async throws {
        let directory = Self.temporaryDirectory()
        let first = try await SQLiteStorage(directory: directory)
        await #expect {
            try await SQLiteStorage(directory: directory)
        } throws: { error in
            (error as? LocalServerError)?.code == "data_directory_in_use"
                && (error as? LocalServerError)?.message.contains("process \(ProcessInfo.processInfo.processIdentifier)") == true
        }
        await first.close()
        let second = try await SQLiteStorage(directory: directory)
        await second.close()
    }
}
