import Foundation

/// Where a server keeps its state: users with their hashes, secrets and factors, clients,
/// sessions, sign-ins, sign-ups, the outbox, and the instance's signing and secret keys.
public enum ServerStorage: Sendable {
    /// In memory: gone when the server stops (the in-process server's default).
    case memory
    /// A SQLite database (`state.sqlite`, WAL) in this directory, created when missing. A change is
    /// on disk before its request is answered; a directory written by an older version is migrated.
    case directory(URL)

    /// The directory `clerk-local` uses when given none: `.clerk-local` in the working directory.
    public static let defaultDirectoryName = ".clerk-local"

    func open() throws -> any StateStorage {
        switch self {
        case .memory:
            return MemoryStorage()
        case .directory(let url):
            do {
                return try SQLiteStorage(directory: url)
            } catch let error as LocalServerError {
                throw error
            } catch {
                throw LocalServerError(
                    code: "data_directory_unusable", message: "cannot use the data directory \(url.path): \(error)")
            }
        }
    }
}
