import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636), method S256 only.
package enum PKCE {
    /// A new code verifier: 43 characters of base64url (32 random bytes).
    package static func newVerifier() -> String {
        Base64URL.encode(SecureRandom.bytes(32))
    }

    /// `BASE64URL(SHA256(verifier))`.
    package static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))
    }

    /// RFC 7636 §4.1: 43 to 128 characters of `[A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"`.
    package static func isValidVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.count)
            && verifier.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._~".unicodeScalars.contains($0)) }
    }
}
