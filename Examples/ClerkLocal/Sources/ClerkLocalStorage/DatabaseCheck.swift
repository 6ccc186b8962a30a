import ClerkLocalCore
import Foundation
import GRDB

/// Checks a data directory's database (`PRAGMA quick_check`, read-only) before anything writes to
/// it: a damaged database is refused, and its files are left as they were, so that whatever can
/// still be saved from them is not overwritten by a migration or a new log.
package enum DatabaseCheck {
    /// Throws `data_directory_damaged` when the database in `directory` cannot be read whole. An
    /// empty file (a new directory) has nothing to check.
    package static func verify(directory: URL, fileName: String) throws(LocalServerError) {
        let path = directory.appendingPathComponent(fileName).path
        guard let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 else { return }
        // Opening a database in WAL mode creates its log and shared-memory index when they are
        // missing, and may rebuild the index: what was there is put back if the check fails.
        let companions = ["-wal", "-shm"].map { path + $0 }
        let before = companions.map { FileManager.default.contents(atPath: $0) }
        guard let problem = problem(at: path) else { return }
        for (companion, contents) in zip(companions, before) {
            if let contents {
                if FileManager.default.contents(atPath: companion) != contents { try? contents.write(to: URL(fileURLWithPath: companion)) }
            } else {
                try? FileManager.default.removeItem(atPath: companion)
            }
        }
        throw LocalServerError(
            code: "data_directory_damaged",
            message: "the database in \(directory.path) is damaged (\(problem)); clerk-local wrote nothing to it. "
                + "To go on: move \(directory.path) aside and start with --import and your last 'clerk-local export' file, "
                + "or start with --ephemeral to keep nothing on disk")
    }

    /// What is wrong with the database at `path`, or nil when its check passes.
    private static func problem(at path: String) -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "clerk-local check"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            let findings = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(5)") }
            return findings == ["ok"] ? nil : findings.joined(separator: "; ")
        } catch {
            return (StorageFailure.from(error) as? StorageFailure)?.description ?? "\(error)"
        }
    }
}
