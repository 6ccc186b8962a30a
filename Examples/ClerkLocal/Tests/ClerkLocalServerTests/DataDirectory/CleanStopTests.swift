import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// The database lives in `state.sqlite`, not only in its log: after a clean stop that file alone is
/// the whole state (a backup of it is complete), and while the server runs the log is folded in
/// whenever the writer is idle.
@Suite("Data directory: a clean stop leaves one complete file")
struct CleanStopTests {
    @Test("After close, state.sqlite alone holds every user: the log is folded in and truncated")
    func closeFoldsTheLog() async throws {
        let directory = DataDirectoryFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // An idle delay longer than the test: only close folds the log in.
        let storage = try await SQLiteStorage(directory: directory, checkpointAfterIdle: .seconds(3_600))
        try await DataDirectoryFiles.writeUsers(70, to: storage)
        await storage.close()

        #expect((DataDirectoryFiles.size(of: SQLiteStorage.fileName + "-wal", in: directory) ?? 0) == 0, "the log is empty or gone")
        #expect(try await DataDirectoryFiles.usersInDatabaseFileAlone(of: directory) == 70)
    }

    @Test("While running, an idle writer folds the log in: a copy of state.sqlite alone holds every user")
    func idleWriterFoldsTheLog() async throws {
        let directory = DataDirectoryFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = try await SQLiteStorage(directory: directory, checkpointAfterIdle: .milliseconds(50))
        try await DataDirectoryFiles.writeUsers(40, to: storage)
        // Waits (a minute at most) for the checkpoint, which runs once the writer is idle.
        for _ in 0..<600 where (DataDirectoryFiles.size(of: SQLiteStorage.fileName + "-wal", in: directory) ?? 0) > 0 {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(DataDirectoryFiles.size(of: SQLiteStorage.fileName + "-wal", in: directory) == 0, "the log was truncated")
        #expect(try await DataDirectoryFiles.usersInDatabaseFileAlone(of: directory) == 40)
        await storage.close()
    }
}
