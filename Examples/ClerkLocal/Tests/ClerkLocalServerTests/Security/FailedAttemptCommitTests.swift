import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// A wrong password for an existing account waits for its lockout count to be durable (an fsync
/// with `--fsync`); a missing account under enumeration protection waits for a commit too, so the
/// answer's delay does not tell them apart.
@Suite("Security: a failed password attempt waits for a commit whether or not the account exists")
struct FailedAttemptCommitTests {
    static var settings: InstanceSettings {
        var settings = SettingsPreset.emailPassword.settings
        settings.enumerationProtection = true
        settings.clientTrust = false
        return settings
    }

    @Test("Each failed attempt, on either path and on the one-request and first-factor routes, hands storage a batch to wait for")
    func missingAccountCommits() async throws {
        let storage = GatedStorage()
        storage.release()
        try await withServer(Self.settings, storage: storage) { server in
            let existing = Fixture.email("exists")
            _ = try await server.seedUser(SeedUser(emailAddress: existing, password: Fixture.password))
            for identifier in [existing, Fixture.email("missing")] {
                let before = storage.batches.count
                let wrong = try await server.client().signIn([("identifier", identifier), ("password", "not-the-password")])
                expectError(wrong, status: 422, code: "form_password_incorrect")
                // The refused plan commits its rate-limit count; the attempt's own failure is a batch after it.
                #expect(storage.batches.count > before, "\(identifier)")

                let device = server.client()
                let started = try await device.signIn([("identifier", identifier)]).signIn
                let afterStart = storage.batches.count
                let attempt = try await device.signInAction(
                    started.id, "attempt_first_factor", [("strategy", "password"), ("password", "not-the-password")])
                expectError(attempt, status: 422, code: "form_password_incorrect")
                #expect(storage.batches.count > afterStart, "\(identifier), first factor")
            }
        }
    }

    @Test("SQLite writes the padding batch: a commit like any other")
    func paddingIsWritten() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let storage = try await SQLiteStorage(directory: directory)
        var changes = StateChanges()
        changes.padding = true
        #expect(!changes.isEmpty)
        let sequence = storage.enqueue(changes)
        try await storage.waitUntilDurable(sequence)
        await storage.close()
        let database = try DatabaseQueue(path: directory.appendingPathComponent(SQLiteStorage.fileName).path)
        let padding = try await database.read { try String.fetchOne($0, sql: "SELECT value FROM instance WHERE name = 'padding'") }
        #expect(padding != nil)
    }
}
