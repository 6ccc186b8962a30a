import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an owner-only file (``FilePasskeyStore``, and the trusted-device key file of `ClerkSoftwareTrustedDevice`)
/// cannot be used.
public enum OwnerOnlyFileFailure: Error, Hashable, CustomStringConvertible {
    /// The file's mode lets the group or others in (`mode`, e.g. 0o644): run `chmod 600` on it.
    case insecurePermissions(path: String, mode: Int)
    /// The file does not hold what the store keeps.
    case unreadable(path: String)
    /// The file could not be written (`reason`: the system's error).
    case unwritable(path: String, reason: String)

    /// What is wrong, with the path; never the keys.
    public var description: String {
        switch self {
        case .insecurePermissions(let path, let mode):
            "\(path) is readable or writable by others (mode \(String(mode, radix: 8))): run chmod 600 on it"
        case .unreadable(let path): "\(path) does not hold what this store keeps"
        case .unwritable(let path, let reason): "\(path) could not be written: \(reason)"
        }
    }
}

/// A file only its owner may read: written with mode 0600 (a new file, then renamed over the old one, so that a
/// crash leaves one or the other), and refused when the group or others may read or write it, as `ssh` refuses a
/// loose private key.
package enum OwnerOnlyFile {
    /// The file's bytes; nil when there is none.
    /// - Throws: ``OwnerOnlyFileFailure/insecurePermissions(path:mode:)`` when the group or others may read or write it.
    package static func contents(of url: URL) throws -> Data? {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else { throw OwnerOnlyFileFailure.insecurePermissions(path: path, mode: mode) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw OwnerOnlyFileFailure.unreadable(path: path)
        }
    }

    /// Writes `data` to a new file of mode 0600 beside the old one (its folder made with mode 0700), then renames
    /// it over it.
    package static func store(_ data: Data, at url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        try writeNew(data, to: temporary.path)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = unlink(temporary.path)
            throw OwnerOnlyFileFailure.unwritable(path: url.path, reason: reason)
        }
    }

    /// Creates `path` with mode 0600 from the start (never readable by others, whatever the umask) and writes `data`.
    private static func writeNew(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw OwnerOnlyFileFailure.unwritable(path: path, reason: String(cString: strerror(errno))) }
        var written = 0
        let ok = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                guard count > 0 else { return false }
                written += count
            }
            return fsync(descriptor) == 0
        }
        let reason = String(cString: strerror(errno))
        _ = close(descriptor)
        guard ok else {
            _ = unlink(path)
            throw OwnerOnlyFileFailure.unwritable(path: path, reason: reason)
        }
    }
}
