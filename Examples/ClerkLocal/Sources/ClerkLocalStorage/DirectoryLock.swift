import ClerkLocalCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a data directory (`flock` on its `lock` file), held while a server uses it:
/// each server keeps its working set in memory, so two on one directory would overwrite each other.
/// The system releases it when the process ends, however it ends.
package final class DirectoryLock: Sendable {
    package static let fileName = "lock"
    private let descriptor: Int32

    /// Takes the lock, or throws `data_directory_in_use` naming the process holding it.
    package init(directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            throw LocalServerError(code: "data_directory_unusable", message: "cannot open \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw LocalServerError(
                code: "data_directory_in_use",
                message:
                    "another clerk-local\(holder.map { $0.isEmpty ? "" : " (process \($0))" } ?? "") is using \(directory.path)"
            )
        }
        let pid = Data("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = descriptor
    }

    package func release() {
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
