import Dispatch
import Foundation
import GRDB
import NIOConcurrencyHelpers

/// State in a SQLite database (`state.sqlite` in the data directory) in WAL mode with
/// `synchronous = FULL`: a batch is on disk, fsynced, before anyone waiting for it is answered.
///
/// Writes are grouped: changes queue in the order the store made them and one writer drains the
/// queue, writing everything queued so far in one transaction, so concurrent requests share a
/// commit instead of paying one each.
final class SQLiteStorage: StateStorage {
    static let fileName = "state.sqlite"

    let keepsState = true
    private let pool: DatabasePool
    private let lock: DirectoryLock
    private let writes = NIOLockedValueBox(WriteQueue())
    private let writer = DispatchQueue(label: "clerk-local.storage.writer")
    /// The most outbox messages kept, as the in-memory outbox keeps.
    private let outboxCapacity: Int

    private struct WriteQueue {
        var queued: [(sequence: UInt64, changes: StateChanges)] = []
        var lastQueued: UInt64 = 0
        var lastWritten: UInt64 = 0
        var draining = false
        var waiters: [(sequence: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        /// The sequences of the last batch that failed to write, and why.
        var failure: (through: UInt64, error: any Error)?
    }

    /// Opens (creating if needed) the database in `directory` and migrates it to the current version.
    init(directory: URL, outboxCapacity: Int = Outbox.defaultCapacity) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lock = try DirectoryLock(directory: directory)
        var configuration = Configuration()
        configuration.label = "clerk-local"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: directory.appendingPathComponent(Self.fileName).path, configuration: configuration)
            try StorageMigrations.migrator.migrate(pool)
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
                })
        }
    }

    func instanceKeys(orStore fresh: @autoclosure () throws -> InstanceKeys) throws -> InstanceKeys {
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
                try db.execute(
                    sql: "INSERT INTO instance (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value",
                    arguments: [name, value])
            }
            return keys
        }
    }

    func enqueue(_ changes: StateChanges) -> UInt64 {
        let (sequence, startsDrain) = writes.withLockedValue { queue -> (UInt64, Bool) in
            queue.lastQueued += 1
            queue.queued.append((queue.lastQueued, changes))
            let starts = !queue.draining
            queue.draining = true
            return (queue.lastQueued, starts)
        }
        if startsDrain { writer.async { self.drain() } }
        return sequence
    }

    func waitUntilDurable(_ sequence: UInt64) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<Void, any Error>? = writes.withLockedValue { queue in
                if let failure = queue.failure, sequence <= failure.through, sequence > queue.lastWritten {
                    return .failure(failure.error)
                }
                if sequence <= queue.lastWritten { return .success(()) }
                queue.waiters.append((sequence, continuation))
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }

    func close() async {
        let last = writes.withLockedValue { $0.lastQueued }
        try? await waitUntilDurable(last)
        try? pool.close()
        lock.release()
    }

    /// Writes batches until the queue is empty; runs on `writer` only.
    private func drain() {
        while true {
            let batch = writes.withLockedValue { queue -> [(sequence: UInt64, changes: StateChanges)] in
                let batch = queue.queued
                queue.queued = []
                if batch.isEmpty { queue.draining = false }
                return batch
            }
            guard let through = batch.last?.sequence else { return }
            let result = Result { try write(batch.map(\.changes)) }
            let ready = writes.withLockedValue { queue -> [(CheckedContinuation<Void, any Error>, Result<Void, any Error>)] in
                switch result {
                case .success: queue.lastWritten = through
                case .failure(let error): queue.failure = (through, error)
                }
                let (done, waiting) = queue.waiters.partitioned { $0.sequence <= through }
                queue.waiters = waiting
                return done.map { ($0.continuation, result) }
            }
            for (continuation, result) in ready { continuation.resume(with: result) }
        }
    }

    private func write(_ batches: [StateChanges]) throws {
        let encoder = JSONEncoder()
        try pool.write { db in
            for changes in batches {
                if changes.reset {
                    for table in StorageMigrations.recordTables + ["outbox"] { try db.execute(sql: "DELETE FROM \(table)") }
                }
                try Self.apply(changes.users, to: "users", in: db, encoder: encoder)
                try Self.apply(changes.clients, to: "clients", in: db, encoder: encoder)
                try Self.apply(changes.sessions, to: "sessions", in: db, encoder: encoder)
                try Self.apply(changes.signIns, to: "sign_ins", in: db, encoder: encoder)
                try Self.apply(changes.signUps, to: "sign_ups", in: db, encoder: encoder)
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

extension Array {
    /// The elements that satisfy `belongs`, and the rest, each in their original order.
    fileprivate func partitioned(_ belongs: (Element) -> Bool) -> ([Element], [Element]) {
        var matching: [Element] = []
        var rest: [Element] = []
        for element in self {
            if belongs(element) { matching.append(element) } else { rest.append(element) }
        }
        return (matching, rest)
    }
}
