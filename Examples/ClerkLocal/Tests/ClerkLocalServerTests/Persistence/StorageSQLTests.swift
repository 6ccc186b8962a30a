import ClerkAPI
import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// `SQLiteStorage`'s SQL against a database in memory: what is written is what `load` reads back.
@Suite("Persistence: the storage's SQL, on a database in memory")
struct StorageSQLTests {
    static let createdAt = Date(timeIntervalSince1970: 1_800_000_000)

    static func user(_ id: String, email: String) -> UserRecord {
        UserRecord(
            id: id, emails: [EmailRecord(id: "idn_\(id)", address: email, verified: true, createdAt: createdAt)],
            createdAt: createdAt, updatedAt: createdAt)
    }

    static func message(_ number: Int) -> OutboxMessage {
        OutboxMessage(
            id: "msg_\(number)", channel: .email, to: "a@example.com", purpose: "test", code: "\(number)", body: "", sentAt: Int64(number))
    }

    @Test("Batches queued without waiting are written in order: a record's last version is kept, a removed one is gone")
    func batchesInOrder() async throws {
        let storage = try await SQLiteStorage.inMemory()
        var last: UInt64 = 0
        for version in 0..<50 {
            var changes = StateChanges(messages: [Self.message(version)])
            changes.users = ["user_a": Self.user("user_a", email: "v\(version)@example.com")]
            if version == 10 { changes.users["user_b"] = Self.user("user_b", email: "b@example.com") }
            if version == 20 { changes.users.updateValue(nil, forKey: "user_b") }
            last = storage.enqueue(changes)
        }
        try await storage.waitUntilDurable(last)
        let state = try await storage.load()
        #expect(state.users.map(\.id) == ["user_a"])
        #expect(state.users.first?.record.primaryEmail?.address == "v49@example.com")
        #expect(state.messages.map(\.id) == (0..<50).map { "msg_\($0)" })
        await storage.close()
    }

    @Test("A reset empties every record table and the outbox before the rest of its batch; keys and settings stay")
    func reset() async throws {
        let storage = try await SQLiteStorage.inMemory()
        let keys = try await storage.instanceKeys { try InstanceKeys.generate() }
        try await storage.keepSettings(SettingsPreset.mfa.settings)
        var before = StateChanges(messages: [Self.message(1), Self.message(2)])
        before.users = ["user_a": Self.user("user_a", email: "a@example.com"), "user_b": Self.user("user_b", email: "b@example.com")]
        try await storage.waitUntilDurable(storage.enqueue(before))
        var reset = StateChanges(reset: true, messages: [Self.message(3)])
        reset.users = ["user_c": Self.user("user_c", email: "c@example.com")]
        try await storage.waitUntilDurable(storage.enqueue(reset))
        let state = try await storage.load()
        #expect(state.users.map(\.id) == ["user_c"])
        #expect(state.messages.map(\.id) == ["msg_3"])
        #expect(try state.settingsJSON.map { try SettingsLoader.load(json: $0) } == SettingsPreset.mfa.settings)
        #expect(try await storage.instanceKeys { throw CancellationError() }.signing.keyID == keys.signing.keyID)
        await storage.close()
    }

    @Test("Settings kept at start are read back, and a batch's settings replace them")
    func settings() async throws {
        let storage = try await SQLiteStorage.inMemory()
        #expect(try await storage.load().settingsJSON == nil, "none before the first switch")
        try await storage.keepSettings(SettingsPreset.emailCode.settings)
        #expect(try await storage.load().settingsJSON.map { try SettingsLoader.load(json: $0) } == SettingsPreset.emailCode.settings)
        try await storage.waitUntilDurable(storage.enqueue(StateChanges(settings: SettingsPreset.phoneCode.settings)))
        #expect(try await storage.load().settingsJSON.map { try SettingsLoader.load(json: $0) } == SettingsPreset.phoneCode.settings)
        await storage.close()
    }

    @Test("The stored outbox keeps the latest messages only, as the in-memory one does")
    func outboxCapacity() async throws {
        let storage = try await SQLiteStorage.inMemory(outboxCapacity: 3)
        let messages = (0..<5).map(Self.message)
        try await storage.waitUntilDurable(storage.enqueue(StateChanges(messages: Array(messages.prefix(2)))))
        try await storage.waitUntilDurable(storage.enqueue(StateChanges(messages: Array(messages.suffix(3)))))
        #expect(try await storage.load().messages.map(\.id) == ["msg_2", "msg_3", "msg_4"])
        await storage.close()
    }

    @Test("A database of the first schema version is migrated when opened, its records kept; keys are stored once")
    func migratesOlderVersion() async throws {
        let database = try DatabaseQueue()
        try StorageMigrations.migrator.migrate(database, upTo: StorageMigrations.first)
        try await database.write { db in
            let user = Self.user("user_old", email: "old@example.com")
            try db.execute(sql: "INSERT INTO users (id, record) VALUES (?, ?)", arguments: ["user_old", try JSONEncoder().encode(user)])
            #expect(try !db.tableExists("instance"))
        }
        let storage = try await SQLiteStorage(writer: database)
        #expect(try await storage.load().users.map(\.id) == ["user_old"])
        let keys = try await storage.instanceKeys { try InstanceKeys.generate() }
        #expect(try await storage.instanceKeys { try InstanceKeys.generate() }.signing.keyID == keys.signing.keyID, "stored once, then read")
        await storage.close()
    }

    /// (Batches queued together are written as one group, all or none: `GroupCommitTests`.)
    @Test("A batch that cannot be written fails the request waiting for it, and the batches after it are written")
    func failedBatch() async throws {
        let database = try DatabaseQueue()
        let storage = try await SQLiteStorage(writer: database)
        try await database.write { try $0.execute(sql: "DROP TABLE outbox") }
        let broken = storage.enqueue(StateChanges(messages: [Self.message(1)]))
        await #expect(throws: StorageFailure.self) { try await storage.waitUntilDurable(broken) }
        var next = StateChanges()
        next.users = ["user_a": Self.user("user_a", email: "a@example.com")]
        let written = storage.enqueue(next)
        try await storage.waitUntilDurable(written)
        #expect(try await database.read { try String.fetchAll($0, sql: "SELECT id FROM users") } == ["user_a"])
        await storage.close()
    }

    @Test("What requests change reaches every table, and a store started on it restores it")
    func serverChanges() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        let storage = try await SQLiteStorage.inMemory()
        let email = Fixture.email()
        try await withServer(settings, storage: storage) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let signedIn = try await server.client().signIn([("identifier", email), ("password", Fixture.password)])
            #expect(try signedIn.signIn.status == .complete)
            let signingUp = try await server.client().signUp([("email_address", Fixture.email("new")), ("password", Fixture.password)])
            #expect(signingUp.status == 200)
        }
        let state = try await storage.load()
        #expect(state.users.map(\.record.primaryEmail?.address) == [email])
        #expect(state.clients.count == 2)
        #expect(state.sessions.count == 1 && state.sessions.first?.record.userID == state.users.first?.id)
        #expect(state.signIns.count == 1)
        #expect(state.signUps.count == 1)
        try await withServer(settings, storage: storage) { server in
            #expect(await server.core.store.read(UserAdministration.self) { $0.exportUsers() }.users.count == 1)
        }
        await storage.close()
    }
}
