import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// A disk that fills up: writes fail (and say why) while it is full, and succeed again, for good,
/// once there is room, with no restart; a restart on that disk works too.
@Suite("Data directory: a full disk")
struct FullDiskTests {
    /// Writes users from `next` until a write fails, which must fail for lack of room; `next` is
    /// then the number after the failed one.
    static func fillDisk(_ storage: SQLiteStorage, from next: inout Int) async {
        for _ in 0..<100_000 {
            var changes = StateChanges()
            changes.users = ["user_\(next)": StorageSQLTests.user("user_\(next)", email: "u\(next)@example.com")]
            next += 1
            do {
                try await storage.waitUntilDurable(storage.enqueue(changes))
            } catch {
                let cause = (error as? StorageFailure)?.cause
                #expect(cause == "disk full", "\(error)")
                return
            }
        }
        Issue.record("the disk never filled")
    }

    @Test(
        "Full: each write fails with 'disk full'; room freed: 300 writes in a row succeed; the same after a restart",
        .enabled(if: SmallDisk.isAvailable, "needs root to mount an 8 MiB tmpfs; did not run"))
    func recoversWhenRoomReturns() async throws {
        try await SmallDisk.with(mebibytes: 8) { disk in
            let directory = disk.appendingPathComponent("data")
            let room = [disk.appendingPathComponent("room-1"), disk.appendingPathComponent("room-2")]
            for file in room { try SmallDisk.fill(file, bytes: 1_536 * 1_024) }
            let storage = try await SQLiteStorage(directory: directory)
            var next = 0
            await Self.fillDisk(storage, from: &next)

            try FileManager.default.removeItem(at: room[0])
            try await DataDirectoryFiles.writeUsers(300, from: next, to: storage)
            next += 300

            await Self.fillDisk(storage, from: &next)
            let kept = try await storage.load().users.count
            await storage.close()

            try FileManager.default.removeItem(at: room[1])
            let reopened = try await SQLiteStorage(directory: directory)
            #expect(try await reopened.load().users.count == kept, "every acknowledged write is there")
            try await DataDirectoryFiles.writeUsers(300, from: next, to: reopened)
            #expect(try await reopened.load().users.count == kept + 300)
            await reopened.close()
        }
    }
}
