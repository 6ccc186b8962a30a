import Foundation
import GRDB
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// Batches queued while the writer is busy are written together, in one transaction: each is answered
/// once the group is in the database, and a group that fails fails every batch in it and keeps none.
@Suite("Persistence: group commit")
struct GroupCommitTests {
    /// Counts the transactions committed on the writer's connection.
    final class CommitCounter: TransactionObserver, @unchecked Sendable {
        private(set) var commits = 0
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { commits += 1 }
        func databaseDidRollback(_ db: Database) {}
    }

    static func batch(_ id: String) -> StateChanges {
        var changes = StateChanges()
        changes.users = [id: StorageSQLTests.user(id, email: "\(id)@example.com")]
        return changes
    }

    /// Holds the writer until `release()`, so that the batches queued meanwhile form one group.
    static func holdWriter(_ writer: some DatabaseWriter) -> DispatchSemaphore {
        let gate = DispatchSemaphore(value: 0)
        writer.asyncWriteWithoutTransaction { _ in gate.wait() }
        return gate
    }

    @Test("Batches queued while the writer is busy are committed once, together, and each is answered")
    func groupAnswersEveryBatch() async throws {
        let database = try DatabaseQueue()
        let storage = try await SQLiteStorage(writer: database)
        let counter = CommitCounter()
        database.add(transactionObserver: counter, extent: .databaseLifetime)
        let gate = Self.holdWriter(database)
        let sequences = (0..<5).map { storage.enqueue(Self.batch("user_\($0)")) }
        gate.signal()
        for sequence in sequences { try await storage.waitUntilDurable(sequence) }
        #expect(try await database.read { _ in counter.commits } == 1, "one transaction for the five batches")
        let state = try await storage.load()
        #expect(Set(state.users.map(\.id)) == Set((0..<5).map { "user_\($0)" }))
        await storage.close()
    }

    @Test("A group whose write fails fails every batch in it and keeps none of them; the next group is written")
    func failedGroupFailsEveryBatch() async throws {
        let database = try DatabaseQueue()
        let storage = try await SQLiteStorage(writer: database)
        try await database.write { db in
            try db.execute(
                sql: """
                    CREATE TRIGGER refuse BEFORE INSERT ON users WHEN NEW.id = 'user_refused'
                    BEGIN SELECT RAISE(ABORT, 'refused'); END
                    """)
        }
        let gate = Self.holdWriter(database)
        let sequences = ["user_before", "user_refused", "user_after"].map { storage.enqueue(Self.batch($0)) }
        gate.signal()
        for sequence in sequences {
            await #expect(throws: StorageFailure.self) { try await storage.waitUntilDurable(sequence) }
        }
        #expect(try await storage.load().users.isEmpty, "nothing of the failed group is kept")

        try await storage.waitUntilDurable(storage.enqueue(Self.batch("user_next")))
        #expect(try await storage.load().users.map(\.id) == ["user_next"])
        await storage.close()
    }
}
