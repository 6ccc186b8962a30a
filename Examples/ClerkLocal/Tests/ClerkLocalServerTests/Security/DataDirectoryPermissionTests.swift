import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data directory holds every secret of the instance: only its owner may read it, whatever
/// the umask, and one left open to others is made private.
@Suite("Security: the data directory is readable by its owner only", .serialized)
struct DataDirectoryPermissionTests {
    static let files = [SQLiteStorage.fileName, SQLiteStorage.fileName + "-wal", SQLiteStorage.fileName + "-shm", DirectoryLock.fileName]

    static func mode(_ url: URL) -> mode_t? {
        var status = stat()
        return stat(url.path, &status) == 0 ? status.st_mode & 0o777 : nil
    }

    /// Runs `body` under a umask of 022, as most shells have, and restores the process's own.
    static func withUmask022<T>(_ body: () async throws -> T) async rethrows -> T {
        let previous = umask(0o022)
        defer { umask(previous) }
        return try await body()
    }

    @Test("A new data directory is 0700 and its database, WAL, shared memory and lock files 0600")
    func newDirectory() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory().appendingPathComponent("data")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        try await Self.withUmask022 {
            let storage = try await SQLiteStorage(directory: directory)
            try await withServer(storage: storage) { server in
                _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            }
            #expect(Self.mode(directory) == 0o700)
            for file in Self.files {
                #expect(Self.mode(directory.appendingPathComponent(file)) == 0o600, "\(file)")
            }
            await storage.close()
        }
    }

    @Test("An existing directory and database open to others are made private")
    func existingDirectory() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.withUmask022 {
            let first = try await SQLiteStorage(directory: directory)
            await first.close()
            _ = chmod(directory.path, 0o755)
            for file in Self.files { _ = chmod(directory.appendingPathComponent(file).path, 0o644) }
            let second = try await SQLiteStorage(directory: directory)
            #expect(Self.mode(directory) == 0o700)
            for file in Self.files where FileManager.default.fileExists(atPath: directory.appendingPathComponent(file).path) {
                #expect(Self.mode(directory.appendingPathComponent(file)) == 0o600, "\(file)")
            }
            await second.close()
        }
    }
}
