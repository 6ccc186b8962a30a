import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps the client token in a file readable by its owner only (permissions 0600), for Linux
/// and command-line tools. Writes are atomic: a temporary file with 0600 permissions is
/// written in the same directory, then renamed over the old one.
public struct FileTokenStore: TokenStore, CustomStringConvertible {
    /// The file holding the token.
    public let fileURL: URL

    /// A store at `fileURL`; its directory is created (0700) on first write when missing.
    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// Reads the stored token.
    public func loadToken() throws(ClerkError) -> String? {
        let path = fileURL.path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw .configuration(.tokenStorage(reason: "cannot read \(path)"))
        }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : token
    }

    /// Stores the token, or removes it when nil.
    public func saveToken(_ token: String?) throws(ClerkError) {
        let path = fileURL.path
        guard let token, !token.isEmpty else {
            if FileManager.default.fileExists(atPath: path) {
                do { try FileManager.default.removeItem(atPath: path) } catch {
                    throw .configuration(.tokenStorage(reason: "cannot remove \(path)"))
                }
            }
            return
        }
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .configuration(.tokenStorage(reason: "cannot create \(directory.path)"))
        }
        let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw .configuration(.tokenStorage(reason: "cannot create a temporary file in \(directory.path)"))
        }
        let bytes = Array(token.utf8)
        let written = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress, buffer.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else {
            unlink(temporary)
            throw .configuration(.tokenStorage(reason: "cannot write \(temporary)"))
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .configuration(.tokenStorage(reason: "cannot move the token into \(path)"))
        }
    }

    /// The file's path; never the token.
    public var description: String { "FileTokenStore(\(fileURL.path))" }
}
