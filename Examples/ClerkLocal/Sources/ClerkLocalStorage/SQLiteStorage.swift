import ClerkLocalCore
import Foundation
import GRDB

/// State in a SQLite database: `state.sqlite` in a data directory (a `DatabasePool`, WAL), or in
/// memory (a `DatabaseQueue`, for tests). A batch is written to the database's log before anyone
/// waiting for it is answered: it survives the process being killed at any moment. With
/// `fsyncEachCommit` (`synchronous = FULL`) each commit is also fsynced, so it survives a power loss
/// too; otherwise (`NORMAL`) the system writes it out on its own schedule and at checkpoints.
///
/// Every database access runs on GRDB's queues, never on a cooperative thread. Batches are written
/// in the order the store made them, in groups: every batch queued while the writer was busy is
/// written in the next transaction (`PendingBatches`), and each is answered once that transaction
/// has committed.
package final class SQLiteStorage: StateStorage {
    package static let fileName = "state.sqlite"
    /// Pages the log grows by before a commit copies it back into the database (SQLite's default is
    /// 1,000). That copy and its fsync run on the writer, so every request waiting for a later batch
    /// waits behind it; with 10,000 pages (a log of up to about 40 MB) the writer spent 42% less
    /// time per create sign-in's batch than with 1,000 (Benchmarks/README, "Third round"). Fewer on
    /// a disk nearly full (`LogSpace`).
    package static let pagesBetweenCheckpoints = 10_000
    /// How long the writer is idle before the log is folded into the database and truncated
    /// (`IdleCheckpoint`).
    package static let checkpointAfterIdle = Duration.seconds(1)

    package let keepsState = true
    private let writer: any DatabaseWriter
    private let lock: DirectoryLock?
    private let outcomes = WriteOutcomes()
    private let pending = PendingBatches()
    private let idleCheckpoint: IdleCheckpoint
    /// The data directory (nil in memory): its free space bounds the log (`LogSpace`).
    private let directory: String?
    /// Set when a write failed for lack of room: the next write first folds the log in and truncates
    /// it, which succeeds once the disk has room again.
    private let lackedRoom = LockedValue(false)
    /// The most outbox messages kept, as the in-memory outbox keeps.
    private let outboxCapacity: Int

    /// Migrates the database `writer` opens to the current version. `lock` is released on close.
    package init(
        writer: any DatabaseWriter, lock: DirectoryLock? = nil, outboxCapacity: Int = Outbox.defaultCapacity,
        checkpointAfterIdle: Duration = SQLiteStorage.checkpointAfterIdle, directory: String? = nil
    ) async throws {
        try await StorageMigrations.migrate(writer)
        self.writer = writer
        self.lock = lock
        self.outboxCapacity = outboxCapacity
        self.directory = directory
        self.idleCheckpoint = IdleCheckpoint(delay: checkpointAfterIdle) {
            writer.asyncWriteWithoutTransaction { db in
                _ = try? db.checkpoint(.truncate)
                if let directory { LogSpace.adjust(db, directory: directory) }
            }
        }
    }

    /// Opens (creating if needed) the database in `directory`, locked for this process, and migrates
    /// it; a damaged database is refused before anything is written to the directory's files.
    package convenience init(
        directory: URL, fsyncEachCommit: Bool = false, outboxCapacity: Int = Outbox.defaultCapacity,
        checkpointAfterIdle: Duration = SQLiteStorage.checkpointAfterIdle
    ) async throws {
        try PrivateDirectory.prepare(directory, files: [DirectoryLock.fileName, Self.fileName])
        let lock = try DirectoryLock(directory: directory)
        var configuration = Configuration()
        configuration.label = "clerk-local"
        configuration.prepareDatabase { db in
            try db.execute(sql: fsyncEachCommit ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = \(LogSpace.pagesBetweenCheckpoints(directory: directory.path))")
        }
        do {
            try DatabaseCheck.verify(directory: directory, fileName: Self.fileName)
            let pool = try DatabasePool(path: directory.appendingPathComponent(Self.fileName).path, configuration: configuration)
            try await self.init(
                writer: pool, lock: lock, outboxCapacity: outboxCapacity, checkpointAfterIdle: checkpointAfterIdle, directory: directory.path)
            // A log the last run left (it was killed, or its disk was full) is folded in now.
            try? await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
            // SQLite gives these the database file's mode when it creates them; older ones may not have it.
            for suffix in ["-wal", "-shm"] {
                try PrivateDirectory.restrict(directory.appendingPathComponent(Self.fileName + suffix).path, creating: false)
            }
        } catch {
            lock.release()
            throw error
        }
    }

    /// A database in memory, gone when closed (tests run the real SQL on it).
    package static func inMemory(outboxCapacity: Int = Outbox.defaultCapacity) async throws -> SQLiteStorage {
        try await SQLiteStorage(writer: DatabaseQueue(), outboxCapacity: outboxCapacity)
    }

    package func load() async throws -> StoredState {
        try await writer.read { db in try StorageSQL.load(db) }
    }

    package func instanceKeys(orStore fresh: @Sendable () throws -> InstanceKeys) async throws -> InstanceKeys {
        try await writer.write { db in try StorageSQL.instanceKeys(orStore: fresh, in: db) }
    }

    package func testIdentityProviderKeys(
        orStore fresh: @Sendable () throws -> TestIdentityProviderKeyMaterial
    ) async throws -> TestIdentityProviderKeyMaterial {
        try await writer.write { db in try StorageSQL.testIdentityProviderKeys(orStore: fresh, in: db) }
    }

    package func keepSettings(_ settings: InstanceSettings) async throws {
        try await writer.write { db in try StorageSQL.storeSettings(settings, in: db) }
    }

    /// Numbers the batch and adds it to the pending group; the first batch of a group schedules the
    /// group's write. The store calls this from its actor, one batch at a time, so batches join the
    /// groups in the order of their numbers.
    package func enqueue(_ changes: StateChanges) -> UInt64 {
        let sequence = outcomes.number()
        if pending.add(changes, sequence: sequence) { scheduleGroupWrite() }
        return sequence
    }

    /// Writes every batch pending when the writer gets to it in one transaction, then answers their
    /// waiters (all failed if the transaction failed: none of the group is kept).
    private func scheduleGroupWrite() {
        let (pending, outcomes, capacity) = (pending, outcomes, outboxCapacity)
        let (idleCheckpoint, directory, lackedRoom) = (idleCheckpoint, directory, lackedRoom)
        writer.asyncWriteWithoutTransaction { db in
            guard let group = pending.take() else { return }
            let result = Self.writeMakingRoom(db, directory: directory, lackedRoom: lackedRoom) {
                for batch in group.batches { try StorageSQL.write(batch, outboxCapacity: capacity, in: db) }
            }
            outcomes.complete(group.sequences, with: result)
            idleCheckpoint.wrote()
        }
    }

    /// Runs `body` in a transaction. A disk that lacked room for an earlier write, or lacks it for
    /// this one, has the log folded into the database and truncated first (a write that failed is
    /// then tried once more), and the log is kept to a part of the free space: once the disk has
    /// room again, writes succeed without a restart.
    private static func writeMakingRoom(
        _ db: Database, directory: String?, lackedRoom: LockedValue<Bool>, _ body: () throws -> Void
    ) -> Result<Void, any Error> {
        func write() -> Result<Void, any Error> { Result { try inTransaction(db, body) }.mapError { StorageFailure.from($0) } }
        func makeRoom() -> Bool {
            let folded = (try? db.checkpoint(.truncate)) != nil
            if let directory { LogSpace.adjust(db, directory: directory) }
            lackedRoom.withLockedValue { $0 = !folded }
            return folded
        }
        if lackedRoom.withLockedValue({ $0 }) { _ = makeRoom() }
        let result = write()
        guard case .failure(let error as StorageFailure) = result, error.isLackOfSpace else { return result }
        return makeRoom() ? write() : result
    }

    /// Runs `body` in an immediate transaction, committed if it returns and rolled back if it throws.
    /// `BEGIN` and `COMMIT` are cached statements: GRDB's `inTransaction` compiles both on every
    /// transaction; cached, the server's CPU per create sign-in fell by 7% (Benchmarks/README).
    private static func inTransaction(_ db: Database, _ body: () throws -> Void) throws {
        try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            try body()
            try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
        } catch {
            // A failed statement may have ended the transaction already (SQLite rolls back on some
            // errors); the error that matters is the first one.
            try? db.execute(sql: "ROLLBACK TRANSACTION")
            throw error
        }
    }

    package func waitUntilDurable(_ sequence: UInt64) async throws {
        try await outcomes.wait(for: sequence)
    }

    /// Waits for the queued writes, then folds the log into the database and truncates it, so that
    /// after a clean stop `state.sqlite` alone holds the whole state. The readers are closed first: a
    /// pool closes its writer before them, and the last connection to close (a reader, which cannot
    /// write) would otherwise leave the log as it is.
    package func close() async {
        try? await outcomes.wait(for: outcomes.lastQueued)
        idleCheckpoint.stop()
        if let pool = writer as? DatabasePool {
            pool.invalidateReadOnlyConnections()
            try? await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        }
        try? writer.close()
        lock?.release()
    }
}
