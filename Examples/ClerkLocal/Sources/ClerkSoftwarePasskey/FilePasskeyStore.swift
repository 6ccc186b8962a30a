import Foundation

/// A ``SoftwarePasskeyStore`` in a JSON file that only its owner may read (``OwnerOnlyFile``): written with mode
/// 0600, and refused when it can be read or written by the group or others, as `ssh` refuses a loose private key.
public struct FilePasskeyStore: SoftwarePasskeyStore {
    /// Why the file cannot be used.
    public typealias Failure = OwnerOnlyFileFailure

    /// The file.
    public let url: URL

    /// A store in the file at `url` (created at the first save, its folder too, mode 0700).
    public init(url: URL) {
        self.url = url
    }

    /// The passkeys in the file; none when there is no file.
    /// - Throws: ``OwnerOnlyFileFailure/insecurePermissions(path:mode:)`` when the group or others may read or
    ///   write it; ``OwnerOnlyFileFailure/unreadable(path:)`` when it is not this store's JSON.
    public func load() throws -> [SoftwarePasskey] {
        guard let data = try OwnerOnlyFile.contents(of: url) else { return [] }
        do {
            return try JSONDecoder().decode([SoftwarePasskey].self, from: data)
        } catch {
            throw Failure.unreadable(path: url.path)
        }
    }

    /// Writes `passkeys` to a new file of mode 0600 beside the old one, then renames it over it.
    public func save(_ passkeys: [SoftwarePasskey]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try OwnerOnlyFile.store(try encoder.encode(passkeys), at: url)
    }
}
