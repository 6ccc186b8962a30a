import Crypto

/// The SHA-256 of a secret token (an email link's, a sign-in token's): what is stored in its place,
/// and compared in constant time.
package enum TokenDigest {
    package static func of(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Array(token.utf8)))
    }

    package static func matches(_ digest: [UInt8], _ other: [UInt8]) -> Bool {
        ConstantTime.equals(digest, other)
    }
}
