import ClerkAPI
import Foundation
import GRDB
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// A write SQLite refuses is logged with SQLite's result code and what it means (with the answer's
/// trace id); the client is told that the server's storage failed, nothing more.
@Suite("Data directory: the cause of a storage failure")
struct StorageFailureTests {
    /// A database in memory, and how to make it refuse every write from then on (`SQLITE_READONLY`,
    /// as a read-only disk; until GRDB's next read, which resets it).
    static func storageToMakeReadOnly() async throws -> (SQLiteStorage, makeReadOnly: @Sendable () async throws -> Void) {
        let queue = try DatabaseQueue()
        let storage = try await SQLiteStorage(writer: queue)
        return (storage, { try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") } })
    }

    @Test("A refused write fails with SQLite's result code and its meaning")
    func failureNamesTheCause() async throws {
        let (storage, makeReadOnly) = try await Self.storageToMakeReadOnly()
        try await makeReadOnly()
        var changes = StateChanges()
        changes.users = ["user_a": StorageSQLTests.user("user_a", email: "a@example.com")]
        await #expect { try await storage.waitUntilDurable(storage.enqueue(changes)) } throws: { error in
            guard let failure = error as? StorageFailure else { return false }
            return failure.code & 0xFF == 8 && failure.cause == "read-only"
        }
        await storage.close()
    }

    @Test("A sign-up the storage refuses: 500 saying the storage failed; the log names the cause and the trace id")
    func answerAndLog() async throws {
        let lines = NIOLockedValueBox<[String]>([])
        let logger = Logger(label: "clerk-local") { _ in LineCollector(lines: lines, withMetadata: true) }
        let (storage, makeReadOnly) = try await Self.storageToMakeReadOnly()
        let core = try await LocalFrontendAPI.makeCore(settings: SettingsPreset.emailPassword.settings, printsOutbox: false, storage: storage)
        try await makeReadOnly()
        core.baseURL = "http://localhost"
        let application = LocalFrontendAPI.buildApplication(core: core, logger: logger)
        try await application.test(.router) { client in
            let device = TestServer(core: core, connection: .testClient(client)).client()
            let answer = try await device.send(
                "POST", "/v1/client/sign_ups", form: [("email_address", Fixture.email()), ("password", Fixture.password)])
            #expect(answer.status == 500)
            let envelope = try answer.decode(ErrorResponse.self)
            let traceID = try #require(envelope.clerkTraceID)
            let longMessage = envelope.errors.first?.longMessage ?? ""
            #expect(longMessage.contains("storage failed"), "\(longMessage)")
            #expect(!longMessage.contains("read-only"), "the client is not told the detail")
            let line = try #require(lines.withLockedValue { $0 }.first { $0.contains(traceID) }, "the log line carries the trace id")
            #expect(line.contains("read-only") && line.contains("SQLite result code 8"), "\(line)")
        }
    }
}
