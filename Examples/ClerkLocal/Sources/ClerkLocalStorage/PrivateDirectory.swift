import ClerkLocalCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The data directory holds every secret of the instance (bcrypt digests, TOTP secrets, the
/// signing and secret keys), so only its owner may read it: the directory is 0700 and its files
/// 0600 whatever the umask. A directory others could read is made private, and the server says so.
package enum PrivateDirectory {
    package static let directoryMode: mode_t = 0o700
    package static let fileMode: mode_t = 0o600

    /// Creates `directory` (and its parents) or makes an existing one private; creates each of
    /// `files` that is missing, empty, as 0600 and makes the existing ones 0600.
    package static func prepare(_ directory: URL, files: [String]) throws(LocalServerError) {
        let path = directory.path
        var status = stat()
        if stat(path, &status) != 0 {
            do {
                try FileManager.default.createDirectory(at: directory.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw LocalServerError(code: "data_directory_unusable", message: "cannot create \(directory.deletingLastPathComponent().path): \(error)")
            }
            guard mkdir(path, directoryMode) == 0 || errno == EEXIST else { throw failure("cannot create", path) }
        } else if status.st_mode & mode_t(S_IFMT) != mode_t(S_IFDIR) {
            // Checked before its mode is touched: a file named by mistake is left as it was.
            throw LocalServerError(code: "data_directory_unusable", message: "\(path) is not a directory")
        } else if status.st_mode & 0o077 != 0 {
            FileHandle.standardError.write(
                Data("clerk-local: \(path) was open to other users (mode \(String(status.st_mode & 0o777, radix: 8))); it is now 0700\n".utf8))
        }
        guard chmod(path, directoryMode) == 0 else { throw failure("cannot make private", path) }
        for name in files {
            try restrict(directory.appendingPathComponent(name).path, creating: true)
        }
    }

    /// Makes a file the directory holds 0600 (SQLite's `-wal` and `-shm` appear after opening).
    package static func restrict(_ path: String, creating: Bool) throws(LocalServerError) {
        let descriptor = open(path, O_RDWR | (creating ? O_CREAT : 0), fileMode)
        if descriptor < 0, !creating, errno == ENOENT { return }
        guard descriptor >= 0 else { throw failure("cannot open", path) }
        defer { close(descriptor) }
        guard fchmod(descriptor, fileMode) == 0 else { throw failure("cannot make private", path) }
    }

    private static func failure(_ what: String, _ path: String) -> LocalServerError {
        LocalServerError(code: "data_directory_unusable", message: "\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
