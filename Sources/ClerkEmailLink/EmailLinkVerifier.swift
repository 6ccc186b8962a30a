import Clerk

/// The PKCE code verifier (RFC 7636) of a native email link: the app keeps it, sends only its S256
/// challenge when it sends the link, and shows it when the link comes back to complete the
/// sign-in. Whoever opens the link without it cannot sign in. It is a secret: descriptions and
/// dumps never show it.
///
/// ```swift
/// let verifier = EmailLinkVerifier()
/// let challenge = verifier.challenge  // BASE64URL(SHA-256(verifier)), sent as code_challenge
/// ```
public struct EmailLinkVerifier: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The verifier itself: 43 characters of base64url (32 random bytes) when generated. Keep it
    /// where the app keeps secrets (the keychain) if the link may come back after a restart.
    public let value: SecretString

    /// A new verifier from 32 bytes of the system's secure random generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.value = SecretString(Base64URL.encode(bytes))
    }

    /// A verifier the app kept.
    /// - Throws: `ClerkError.invalidInput` (field `code_verifier`) unless it is 43 to 128 characters
    ///   of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
    public init(_ value: SecretString) throws(ClerkError) {
        let scalars = value.revealed.unicodeScalars
        let allowed = scalars.allSatisfy { $0.isASCII && (Self.unreserved.contains(Character($0)) || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        guard (43...128).contains(scalars.count), allowed else {
            throw .invalidInput(InvalidInput(field: "code_verifier", reason: "a code verifier is 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_', '~'"))
        }
        self.value = value
    }

    /// `code_challenge`: BASE64URL(SHA-256(verifier)), without padding.
    public var challenge: String { Base64URL.encode(SHA256.digest(Array(value.revealed.utf8))) }

    /// `code_challenge_method`: the challenge is the verifier's SHA-256.
    public static let challengeMethod = "S256"

    private static let unreserved: Set<Character> = ["-", ".", "_", "~"]

    /// Never shows the verifier.
    public var description: String { "EmailLinkVerifier(\(value))" }
    /// Never shows the verifier.
    public var debugDescription: String { description }
    /// No children: dumps never show the verifier.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// Base64url without padding (RFC 4648 §5), as RFC 7636 encodes verifiers and challenges.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    static func encode(_ bytes: [UInt8]) -> String {
        var output = ""
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let word = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for index in 0...chunk.count { output.append(alphabet[Int(word >> UInt32(18 - 6 * index) & 0x3f)]) }
        }
        return output
    }
}
