import Crypto

/// A user's backup codes: ten single-use codes, stored only as salted SHA-256 digests.
package struct BackupCodeSet: Sendable, Codable {
    package static let count = 10

    @Base64Bytes package private(set) var salt: [UInt8]
    /// The SHA-256 digests of salt + normalized code, one per code not yet used.
    @Base64BytesList package private(set) var unused: [[UInt8]]

    /// A new set and the codes to show the user once.
    package static func generate() -> (BackupCodeSet, codes: [String]) {
        let codes = (0..<count).map { _ in SecureRandom.backupCode() }
        return (BackupCodeSet(codes: codes), codes)
    }

    package init(codes: [String]) {
        salt = SecureRandom.bytes(16)
        unused = []
        unused = codes.map { digest(of: Self.normalized($0)) }
    }

    /// A set as exported: its salt and the digests of its unused codes.
    package init(salt: [UInt8], unused: [[UInt8]]) {
        self.salt = salt
        self.unused = unused
    }

    package var remaining: Int { unused.count }

    /// Uses up the code if it is one of the unused ones. Every stored digest is compared so the
    /// time taken does not depend on which one matched.
    package mutating func consume(_ code: String) -> Bool {
        let candidate = digest(of: Self.normalized(code))
        var matchIndex: Int?
        for (index, stored) in unused.enumerated() where ConstantTime.equals(stored, candidate) && matchIndex == nil {
            matchIndex = index
        }
        guard let matchIndex else { return false }
        unused.remove(at: matchIndex)
        return true
    }

    private func digest(of code: String) -> [UInt8] {
        Array(SHA256.hash(data: salt + Array(code.utf8)))
    }

    private static func normalized(_ code: String) -> String {
        code.lowercased().filter { !$0.isWhitespace && $0 != "-" }
    }
}
