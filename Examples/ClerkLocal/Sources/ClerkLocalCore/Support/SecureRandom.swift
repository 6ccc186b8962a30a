/// Random values for secrets and identifiers, all drawn from the system CSPRNG
/// (`SystemRandomNumberGenerator` reads the kernel's random source on Linux and Apple platforms).
package enum SecureRandom {
    private static let idAlphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    private static let codeAlphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")

    /// Eight bytes per draw from the generator (each draw is a read of the kernel's source), not one.
    package static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var result: [UInt8] = []
        result.reserveCapacity(count + 7)
        while result.count < count {
            var word = generator.next()
            for _ in 0..<8 {
                result.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        result.removeLast(result.count - count)
        return result
    }

    /// A numeric one-time code with leading zeros kept, e.g. "042917".
    package static func digits(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    /// An identifier such as `sia_2x7…`: the prefix, then 27 base-62 characters (about 160 bits).
    package static func identifier(prefix: String) -> String {
        prefix + "_" + string(length: 27, alphabet: idAlphabet)
    }

    /// A backup code: lowercase letters and digits without look-alikes (no l, o, 0, 1).
    package static func backupCode(length: Int = 8) -> String {
        string(length: length, alphabet: codeAlphabet)
    }

    /// An opaque bearer token (client tokens): 32 random bytes, base64url without padding.
    package static func token() -> String {
        Base64URL.encode(bytes(32))
    }

    /// Uniform characters from random bytes: a byte is used only below the largest multiple of the
    /// alphabet's size (at most 256 characters), and the others are drawn again.
    private static func string(length: Int, alphabet: [Character]) -> String {
        let limit = 256 - 256 % alphabet.count
        var result = ""
        var produced = 0
        while produced < length {
            for byte in bytes(length - produced) where Int(byte) < limit {
                result.append(alphabet[Int(byte) % alphabet.count])
                produced += 1
            }
        }
        return result
    }
}
