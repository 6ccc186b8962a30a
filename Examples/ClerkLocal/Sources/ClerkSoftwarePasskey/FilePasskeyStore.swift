import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``SoftwarePasskeyStore`` in a JSON file that only its owner may read: written with mode 0600 (a
/// new file, then renamed over the old one, so that a crash leaves one or the other), and refused
/// when it can be read or written by the group or others, as `ssh` refuses a loose private key.
public struct FilePasskeyStore: SoftwarePasskeyStore {
    /// Why the file cannot be used.
    public enum Failure: Error, Hashable, CustomStringConvertible {
        /// The file's mode lets the group or others in (`mode`, e.g. 0o644): run `chmod 600` on it.
        case insecurePermissions(path: String, mode: Int)
        /// The file is not a list of passkeys.
        case unreadable(path: String)
        /// The file could not be written (`reason`: the system's error).
        case unwritable(path: String, reason: String)

        /// What is wrong, with the path; never the keys.
        public var description: String {
            switch self {
            case .insecurePermissions(let path, let mode):
                "\(path) is readable or writable by others (mode \(String(mode, radix: 8))): run chmod 600 on it"
            case .unreadable(let path): "\(path) does not hold software passkeys"
            case .unwritable(let path, let reason): "\(path) could not be written: \(reason)"
            }
        }
    }

    /// The file.
    public let url: URL

    /// A store in the file at `url` (created at the first save, its folder too, mode 0700).
    public init(url: URL) {
        self.url = url
    }

    /// The passkeys in the file; none when there is no file.
    /// - Throws: ``Failure/insecurePermissions(path:mode:)`` when the group or others may read or
    ///   write it; ``Failure/unreadable(path:)`` when it is not this store's JSON.
    public func load() throws -> [SoftwarePasskey] {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard mode & 0o077 == 0 else { throw Failure.insecurePermissions(path: path, mode: mode) }
        do {
            return try JSONDecoder().decode([SoftwarePasskey].self, from: Data(contentsOf: url))
        } catch {
            throw Failure.unreadable(path: path)
        }
    }

    /// Writes `passkeys` to a new file of mode 0600 beside the old one, then renames it over it.
    public func save(_ passkeys: [SoftwarePasskey]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(passkeys)
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        try Self.writeOwnerOnly(data, to: temporary.path)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = unlink(temporary.path)
            throw Failure.unwritable(path: url.path, reason: reason)
        }
    }

    /// Creates `path` with mode 0600 from the start (never readable by others, whatever the umask) and writes `data`.
    private static func writeOwnerOnly(_ data: Data, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw Failure.unwritable(path: path, reason: String(cString: strerror(errno))) }
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
            throw Failure.unwritable(path: path, reason: reason)
        }
    }
}
