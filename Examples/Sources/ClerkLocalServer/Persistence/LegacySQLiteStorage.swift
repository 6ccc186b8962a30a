import Foundation
import GRDB
import NIOConcurrencyHelpers

/// State in a SQLite database (`state.sqlite` in the data directory) in WAL mode with
/// a batch is written to the database's log before anyone waiting for it is answered: it survives the
/// process being killed at any moment. With `fsyncEachCommit` (`synchronous = FULL`) each commit is also
/// fsynced, so it survives a power loss too; otherwise (`NORMAL`) the system writes it out on its own
/// schedule and at checkpoints.
///
/// Writes are grouped: changes queue in the order the store made them, and whichever waiting request
/// finds no write under way writes everything queued so far in one transaction, so concurrent
/// requests share a commit instead of paying one each.
/// MEASUREMENT ONLY: the storage before issue 20 (blocking writes, a waiter-led group commit).
final class LegacySQLiteStorage: StateStorage {
    static let fileName = SQLiteStorage.fileName
    /// The `instance` row holding the settings last in effect, as a settings file holds them.
    static let settingsName = "settings"

    let keepsState = true
    private let pool: DatabasePool
    private let lock: DirectoryLock
    private let writes = NIOLockedValueBox(WriteQueue())
    /// The most outbox messages kept, as the in-memory outbox keeps.
    private let outboxCapacity: Int

    private struct WriteQueue {
        var queued: [(sequence: UInt64, changes: StateChanges)] = []
        var lastQueued: UInt64 = 0
        var lastWritten: UInt64 = 0
        /// A waiter is writing a batch now; the others wait for it.
        var writing = false
        var waiters: [CheckedContinuation<WaitStep, any Error>] = []
        /// The sequences of the last batch that failed to write, and why.
        var failure: (through: UInt64, error: any Error)?
    }

    /// What a waiting request does next.
    private enum WaitStep {
        case done
        /// Write everything queued (this waiter leads the group commit).
        case write([(sequence: UInt64, changes: StateChanges)])
        /// A batch was written: look again.
        case recheck
    }

    /// Opens (creating if needed) the database in `directory` and migrates it to the current version.
    init(directory: URL, fsyncEachCommit: Bool = false, outboxCapacity: Int = Outbox.defaultCapacity) throws {
        try PrivateDirectory.prepare(directory, files: [DirectoryLock.fileName, Self.fileName])
        let lock = try DirectoryLock(directory: directory)
        var configuration = Configuration()
        configuration.label = "clerk-local"
        configuration.prepareDatabase { db in
            try db.execute(sql: fsyncEachCommit ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
        }
        do {
            pool = try DatabasePool(path: directory.appendingPathComponent(Self.fileName).path, configuration: configuration)
            try StorageMigrations.migrator.migrate(pool)
            // SQLite gives these the database file's mode when it creates them; older ones may not have it.
            for suffix in ["-wal", "-shm"] {
                try PrivateDirectory.restrict(directory.appendingPathComponent(Self.fileName + suffix).path, creating: false)
            }
        } catch {
            lock.release()
            throw error
        }
        self.lock = lock
        self.outboxCapacity = outboxCapacity
    }

    func load() throws -> StoredState {
        try pool.read { db in
            let decoder = JSONDecoder()
            func records<Record: Decodable>(_ table: String, as type: Record.Type) throws -> [(id: String, record: Record)] {
                try Row.fetchAll(db, sql: "SELECT id, record FROM \(table)").map { row in
                    let data: Data = row["record"]
                    return (row["id"], try decoder.decode(Record.self, from: data))
                }
            }
            return StoredState(
                users: try records("users", as: UserRecord.self),
                clients: try records("clients", as: ClientRecord.self),
                sessions: try records("sessions", as: SessionRecord.self),
                signIns: try records("sign_ins", as: SignInRecord.self),
                signUps: try records("sign_ups", as: SignUpRecord.self),
                messages: try Data.fetchAll(db, sql: "SELECT record FROM outbox ORDER BY position").map {
                    try decoder.decode(OutboxMessage.self, from: $0)
                },
                settingsJSON: try String.fetchOne(db, sql: "SELECT value FROM instance WHERE name = ?", arguments: [Self.settingsName])
                    .map { Data($0.utf8) })
        }
    }

    func instanceKeys(orStore fresh: @Sendable () throws -> InstanceKeys) throws -> InstanceKeys {
        try pool.write { db in
            let stored = try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT name, value FROM instance").map {
                    (row: Row) -> (String, String) in (row["name"], row["value"])
                })
            if let pem = stored["signing_key_pem"], let keyID = stored["signing_key_id"], let secret = stored["secret_key"] {
                return InstanceKeys(signing: SigningKey(pem: pem, keyID: keyID), secretKey: secret)
            }
            let keys = try fresh()
            for (name, value) in [
                ("signing_key_pem", keys.signing.pem), ("signing_key_id", keys.signing.keyID), ("secret_key", keys.secretKey),
            ] {
                try Self.storeInstanceValue(value, named: name, in: db)
            }
            return keys
        }
    }

    func keepSettings(_ settings: InstanceSettings) throws {
        let json = String(decoding: try SettingsLoader.encode(settings), as: UTF8.self)
        try pool.write { db in try Self.storeInstanceValue(json, named: Self.settingsName, in: db) }
    }

    func enqueue(_ changes: StateChanges) -> UInt64 {
        writes.withLockedValue { queue in
            queue.lastQueued += 1
            queue.queued.append((queue.lastQueued, changes))
            return queue.lastQueued
        }
    }

    /// Group commit without a writer thread: the first waiter to find no write under way writes
    /// everything queued so far, on its own task, then wakes the others; each looks again and is
    /// done, or leads the next batch, or waits for it.
    func waitUntilDurable(_ sequence: UInt64) async throws {
        while true {
            let step = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<WaitStep, any Error>) in
                let now: Result<WaitStep, any Error>? = writes.withLockedValue { queue in
                    if let failure = queue.failure, sequence <= failure.through, sequence > queue.lastWritten {
                        return .failure(failure.error)
                    }
                    if sequence <= queue.lastWritten { return .success(.done) }
                    if !queue.writing {
                        queue.writing = true
                        defer { queue.queued = [] }
                        return .success(.write(queue.queued))
                    }
                    queue.waiters.append(continuation)
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
            switch step {
            case .done: return
            case .recheck: continue
            case .write(let batch): writeAndWake(batch)
            }
        }
    }

    func close() async {
        let last = writes.withLockedValue { $0.lastQueued }
        try? await waitUntilDurable(last)
        try? pool.close()
        lock.release()
    }

    private func writeAndWake(_ batch: [(sequence: UInt64, changes: StateChanges)]) {
        let result = Result { try write(batch.map(\.changes)) }
        let waiting = writes.withLockedValue { queue in
            if let through = batch.last?.sequence {
                switch result {
                case .success: queue.lastWritten = through
                case .failure(let error): queue.failure = (through, error)
                }
            }
            queue.writing = false
            defer { queue.waiters = [] }
            return queue.waiters
        }
        for waiter in waiting { waiter.resume(returning: .recheck) }
    }

    private func write(_ batches: [StateChanges]) throws {
        let encoder = JSONEncoder()
        try pool.write { db in
            for changes in batches {
                if changes.reset {
                    for table in StorageTables.recordTableNames + ["outbox"] { try db.execute(sql: "DELETE FROM \(table)") }
                }
                if let settings = changes.settings {
                    let json = String(decoding: try SettingsLoader.encode(settings), as: UTF8.self)
                    try Self.storeInstanceValue(json, named: Self.settingsName, in: db)
                }
                try Self.apply(changes.users, to: "users", in: db, encoder: encoder)
                try Self.apply(changes.clients, to: "clients", in: db, encoder: encoder)
                try Self.apply(changes.sessions, to: "sessions", in: db, encoder: encoder)
                try Self.apply(changes.signIns, to: "sign_ins", in: db, encoder: encoder)
                try Self.apply(changes.signUps, to: "sign_ups", in: db, encoder: encoder)
                if changes.padding {
                    try db.execute(
                        sql: "INSERT INTO instance (name, value) VALUES ('padding', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                        arguments: [SecureRandom.token()])
                }
                if !changes.messages.isEmpty {
                    let insert = try db.cachedStatement(sql: "INSERT INTO outbox (record) VALUES (?)")
                    for message in changes.messages { try insert.execute(arguments: [try encoder.encode(message)]) }
                    try db.execute(
                        sql: "DELETE FROM outbox WHERE position <= (SELECT MAX(position) FROM outbox) - ?",
                        arguments: [outboxCapacity])
                }
            }
        }
    }

    private static func storeInstanceValue(_ value: String, named name: String, in db: Database) throws {
        try db.execute(
            sql: "INSERT INTO instance (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
            arguments: [name, value])
    }

    private static func apply<Record: Encodable>(
        _ changes: [String: Record?], to table: String, in db: Database, encoder: JSONEncoder
    ) throws {
        guard !changes.isEmpty else { return }
        let upsert = try db.cachedStatement(
            sql: "INSERT INTO \(table) (id, record) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET record = excluded.record")
        let delete = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE id = ?")
        for (id, record) in changes {
            if let record {
                try upsert.execute(arguments: [id, try encoder.encode(record)])
            } else {
                try delete.execute(arguments: [id])
            }
        }
    }
}
