import Foundation

@testable import ClerkLocalCore
@testable import ClerkLocalStorage

/// Helpers of the data directory tests: a directory, batches of users, and the files' bytes.
enum DataDirectoryFiles {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-test-\(UUID().uuidString)")
    }

    /// Writes `count` batches of one user each (numbered from `first`), each waited for.
    static func writeUsers(_ count: Int, from first: Int = 0, to storage: SQLiteStorage) async throws {
        for number in first..<(first + count) {
            var changes = StateChanges()
            changes.users = ["user_\(number)": StorageSQLTests.user("user_\(number)", email: "u\(number)@example.com")]
            try await storage.waitUntilDurable(storage.enqueue(changes))
        }
    }

    /// The size of `name` in `directory`, nil when it does not exist.
    static func size(of name: String, in directory: URL) -> Int? {
        try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path)[.size] as? Int
    }

    /// Every file of `directory` but the lock (which holds the pid of the last server), with its bytes.
    static func contents(of directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name != DirectoryLock.fileName {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }

    /// The users of the database file `state.sqlite` alone, copied into a directory of its own.
    static func usersInDatabaseFileAlone(of directory: URL) async throws -> Int {
        let copy = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent(SQLiteStorage.fileName), to: copy.appendingPathComponent(SQLiteStorage.fileName))
        let storage = try await SQLiteStorage(directory: copy)
        let users = try await storage.load().users.count
        await storage.close()
        return users
    }
}
