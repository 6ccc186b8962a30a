/// Backup codes to show the user once: each signs in once in place of a second factor. The
/// codes are `SecretString`s, so printing or dumping the list shows none of them.
public struct BackupCodeList: Sendable, Hashable, CustomStringConvertible {
    /// The codes, in the order the API gave them.
    public let codes: [SecretString]

    /// A list of `codes`.
    public init(_ codes: [SecretString]) {
        self.codes = codes
    }

    /// The codes of an API answer (a backup-code set, a TOTP verification, a phone reservation).
    public init(revealed codes: [String]) {
        self.codes = codes.map { SecretString($0) }
    }

    /// How many codes there are; never the codes.
    public var description: String { "\(codes.count) backup codes" }
}
