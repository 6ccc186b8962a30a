import Crypto
import Foundation

/// The bytes an authenticator signs and registers (WebAuthn §6.1, §6.5): authenticator data, the attested
/// credential's COSE key, and the small CBOR values of an attestation object with format `none`.
enum AuthenticatorEncoding {
    /// User present.
    static let userPresent: UInt8 = 0b0000_0001
    /// User verified.
    static let userVerified: UInt8 = 0b0000_0100
    /// Attested credential data follows.
    static let attestedCredential: UInt8 = 0b0100_0000

    /// rpIdHash, flags, the counter big-endian.
    static func authenticatorData(rpID: String, flags: UInt8, signCount: UInt32) -> Data {
        Data(SHA256.hash(data: Data(rpID.utf8))) + Data([flags]) + withUnsafeBytes(of: signCount.bigEndian) { Data($0) }
    }

    /// AAGUID (zeros), the credential id's length and bytes, and its COSE key (EC2, ES256, P-256, x, y).
    static func attestedCredentialData(id: Data, publicKey: P256.Signing.PublicKey) -> Data {
        let point = publicKey.x963Representation
        var key = Data([0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01])
        key += Data([0x21]) + byteString(point.dropFirst().prefix(32)) + Data([0x22]) + byteString(point.suffix(32))
        return Data(count: 16) + withUnsafeBytes(of: UInt16(id.count).bigEndian) { Data($0) } + id + key
    }

    /// `{"fmt": "none", "attStmt": {}, "authData": …}`.
    static func attestationObject(authenticatorData: Data) -> Data {
        Data([0xA3]) + text("fmt") + text("none") + text("attStmt") + Data([0xA0]) + text("authData") + byteString(authenticatorData)
    }

    /// A CBOR text string shorter than 24 bytes (the map keys above).
    private static func text(_ value: String) -> Data {
        Data([0x60 | UInt8(value.utf8.count)]) + Data(value.utf8)
    }

    /// A CBOR byte string of any length.
    static func byteString(_ bytes: Data) -> Data {
        let count = bytes.count
        let head: Data =
            switch count {
            case ..<24: Data([0x40 | UInt8(count)])
            case ..<256: Data([0x58, UInt8(count)])
            default: Data([0x59]) + withUnsafeBytes(of: UInt16(count).bigEndian) { Data($0) }
            }
        return head + bytes
    }
}
