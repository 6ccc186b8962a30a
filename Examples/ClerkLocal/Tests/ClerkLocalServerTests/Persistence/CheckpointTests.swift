import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// The data directory's log is copied back into the database every `pagesBetweenCheckpoints` pages,
/// not at SQLite's default of 1,000 (a copy stalls every request waiting behind it).
@Suite("Persistence: checkpoints of the data directory's log")
struct CheckpointTests {
    /// A log that SQLite's default would have checkpointed holds at most 1,000 pages of 4 KiB and
    /// their frame headers.
    static let defaultLogLimit = 1_000 * (4_096 + 24)

    @Test("The log grows past SQLite's default checkpoint, and every batch in it comes back after a restart")
    func logGrowsPastDefault() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // No checkpoint when idle during the test: only SQLite's automatic one could shorten the log.
        let storage = try await SQLiteStorage(directory: directory, checkpointAfterIdle: .seconds(3_600))
        // Each batch waited for, so each is a transaction of its own (batches queued together share one).
        for batch in 0..<600 {
            var changes = StateChanges(messages: [StorageSQLTests.message(batch)])
            changes.users = [
                "user_\(batch)_a": StorageSQLTests.user("user_\(batch)_a", email: "a\(batch)@example.com"),
                "user_\(batch)_b": StorageSQLTests.user("user_\(batch)_b", email: "b\(batch)@example.com"),
            ]
            try await storage.waitUntilDurable(storage.enqueue(changes))
        }
        let log = directory.appendingPathComponent(SQLiteStorage.fileName + "-wal").path
        let logSize = try #require(try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int)
        #expect(logSize > Self.defaultLogLimit + 1_000_000, "the log was checkpointed at SQLite's default")
        await storage.close()
        let reopened = try await SQLiteStorage(directory: directory)
        let state = try await reopened.load()
        #expect(state.users.count == 1_200)
        #expect(state.messages.count == 600)
        await reopened.close()
    }
}
