import Crypto
import Foundation

/// Time-based one-time passwords per RFC 6238 with the parameters authenticator apps assume:
/// HMAC-SHA-1, 6 digits, 30-second steps.
public struct TOTP: Sendable {
    public static let digits = 6
    public static let period: TimeInterval = 30

    private let key: SymmetricKey

    public init(secret: [UInt8]) {
        key = SymmetricKey(data: secret)
    }

    /// A secret given as Base32, the form authenticator apps show and accept; nil if it is not Base32.
    public init?(base32Secret: String) {
        guard let bytes = Base32.decode(base32Secret), !bytes.isEmpty else { return nil }
        self.init(secret: bytes)
    }

    /// A new 160-bit secret (RFC 4226 recommends 160 bits), in Base32.
    public static func generateSecret() -> String {
        Base32.encode(SecureRandom.bytes(20))
    }

    public static func step(at date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / period).rounded(.down))
    }

    public func code(at date: Date) -> String {
        code(forStep: Self.step(at: date))
    }

    public func code(forStep step: Int64) -> String {
        let counter = withUnsafeBytes(of: UInt64(bitPattern: step).bigEndian) { Array($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: key))
        // RFC 4226 §5.3 dynamic truncation.
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary = (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16)
            | (UInt32(mac[offset + 2]) << 8) | UInt32(mac[offset + 3])
        let value = binary % 1_000_000
        let text = String(value)
        return String(repeating: "0", count: Self.digits - text.count) + text
    }

    /// The step whose code matches, looking one step either side of now for clock skew; every
    /// candidate is compared (in constant time) so timing does not reveal which one matched.
    public func matchingStep(for code: String, at date: Date, skew: Int64 = 1) -> Int64? {
        let current = Self.step(at: date)
        var match: Int64?
        for step in (current - skew)...(current + skew) {
            if ConstantTime.equals(self.code(forStep: step), code), match == nil {
                match = step
            }
        }
        return match
    }

    /// The `otpauth://` URI authenticator apps scan (Google Authenticator's key-URI format).
    public static func provisioningURI(base32Secret: String, account: String, issuer: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~@+"))
        let label = (issuer + ":" + account).addingPercentEncoding(withAllowedCharacters: allowed) ?? account
        let issuerParameter = issuer.addingPercentEncoding(withAllowedCharacters: allowed) ?? issuer
        return "otpauth://totp/\(label)?secret=\(base32Secret)&issuer=\(issuerParameter)&algorithm=SHA1&digits=\(digits)&period=\(Int(period))"
    }
}
