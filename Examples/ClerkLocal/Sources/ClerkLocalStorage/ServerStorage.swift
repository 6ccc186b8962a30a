import ClerkLocalCore
import Foundation

/// Where a server keeps its state: users with their hashes, secrets and factors, clients,
/// sessions, sign-ins, sign-ups, the outbox, and the instance's signing and secret keys.
public enum ServerStorage: Sendable {
    /// In memory: gone when the server stops (the in-process server's default).
    case memory
    /// A SQLite database (`state.sqlite`, WAL) in this directory, created when missing; a directory
    /// written by an older version is migrated. A change is written to the database before its request
    /// is answered, so it survives the server being killed; with `fsyncEachCommit` it is also fsynced
    /// first, so it survives a power loss (at the cost of one disk flush per commit).
    case directory(URL, fsyncEachCommit: Bool = false)

    /// The directory `clerk-local` uses when given none: `.clerk-local` in the working directory.
    public static let defaultDirectoryName = ".clerk-local"

    package func open() async throws -> any StateStorage {
        switch self {
        case .memory:
            return MemoryStorage()
        case .directory(let url, let fsyncEachCommit):
            do {
                return try await SQLiteStorage(directory: url, fsyncEachCommit: fsyncEachCommit)
            } catch let error as LocalServerError {
                throw error
            } catch {
                throw LocalServerError(
                    code: "data_directory_unusable", message: "cannot use the data directory \(url.path): \(error)")
            }
        }
    }
}
