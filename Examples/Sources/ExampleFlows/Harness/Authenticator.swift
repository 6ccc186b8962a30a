import Crypto
import Foundation

/// What an authenticator app does with the secret it scanned: a 6-digit code every 30 seconds,
/// HMAC-SHA1 of the time step (RFC 6238 over RFC 4226).
public struct Authenticator: Sendable {
    private let key: SymmetricKey
    public let digits: Int
    public let period: TimeInterval

    /// An authenticator for a Base32 secret (as in an `otpauth://` URI); nil if it is not Base32.
    public init?(base32Secret: String, digits: Int = 6, period: TimeInterval = 30) {
        guard let bytes = Self.base32Decode(base32Secret), !bytes.isEmpty else { return nil }
        self.key = SymmetricKey(data: bytes)
        self.digits = digits
        self.period = period
    }

    /// The code shown at `date`.
    public func code(at date: Date = Date()) -> String {
        let counter = UInt64(max(0, date.timeIntervalSince1970 / period).rounded(.down))
        var message = [UInt8](repeating: 0, count: 8)
        for index in 0..<8 {
            message[index] = UInt8(truncatingIfNeeded: counter >> (8 * (7 - index)))
        }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: key))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let truncated = (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(truncated % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// RFC 4648 Base32 (A–Z, 2–7), case-insensitive, padding and spaces ignored.
    static func base32Decode(_ text: String) -> [UInt8]? {
        var buffer: UInt32 = 0
        var bits = 0
        var output: [UInt8] = []
        for character in text.uppercased() where character != "=" && character != " " {
            guard let ascii = character.asciiValue else { return nil }
            let value: UInt32
            switch ascii {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(ascii - UInt8(ascii: "A"))
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = UInt32(ascii - UInt8(ascii: "2")) + 26
            default: return nil
            }
            buffer = (buffer << 5) | value
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return output
    }
}
