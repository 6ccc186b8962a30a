import ClerkLocalCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file only its owner may read from the moment it exists (a user export holds every digest and
/// TOTP secret): written to a new 0600 file beside the target, then renamed over it, so a reader sees
/// the old file or the whole new one.
public enum PrivateFile {
    public static func write(_ data: Data, to path: String) throws(LocalServerError) {
        try write(data, to: path, beforeRename: { _ in })
    }

    /// `beforeRename` sees the written temporary file's path (tests).
    package static func write(_ data: Data, to path: String, beforeRename: (String) -> Void) throws(LocalServerError) {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(SecureRandom.token())").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, PrivateDirectory.fileMode)
        guard descriptor >= 0 else { throw failure("cannot create", temporary) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            // open's mode is narrowed by the umask, never widened; fchmod makes it exactly 0600.
            guard fchmod(descriptor, PrivateDirectory.fileMode) == 0 else { throw failure("cannot make private", temporary) }
            try file.write(contentsOf: data)
            try file.synchronize()
            try file.close()
        } catch {
            throw failure("cannot write", temporary)
        }
        beforeRename(temporary)
        guard rename(temporary, path) == 0 else { throw failure("cannot replace", path) }
        renamed = true
    }

    private static func failure(_ what: String, _ path: String) -> LocalServerError {
        LocalServerError(code: "file_unwritable", message: "\(what) \(path): \(String(cString: strerror(errno)))")
    }
}
