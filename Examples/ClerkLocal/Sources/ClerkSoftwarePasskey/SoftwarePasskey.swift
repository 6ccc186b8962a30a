import Crypto
import Foundation

/// One passkey a ``SoftwarePasskeyAuthenticator`` holds: its P-256 private key, what it was made for and
/// its signature counter. `Codable`, so that an app can keep it where it keeps secrets
/// (``FilePasskeyStore`` writes it to a file only its user can read). The description never shows the key.
public struct SoftwarePasskey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The credential id the relying party knows the passkey by.
    public var credentialID: Data
    /// The relying party (`rp.id`, a domain) the passkey was made for.
    public var relyingPartyID: String
    /// The user handle (`user.id`) the relying party gave at creation.
    public var userHandle: Data
    /// The P-256 private key's raw representation (32 bytes): a secret.
    public var privateKey: Data
    /// The signature counter, one more at each assertion.
    public var signCount: UInt32

    /// A passkey with its parts; `privateKey` is a P-256 raw representation.
    public init(credentialID: Data, relyingPartyID: String, userHandle: Data, privateKey: Data, signCount: UInt32 = 0) {
        self.credentialID = credentialID
        self.relyingPartyID = relyingPartyID
        self.userHandle = userHandle
        self.privateKey = privateKey
        self.signCount = signCount
    }

    /// A new passkey for `relyingPartyID` and `userHandle`: a fresh key and a random 16-byte credential id.
    static func make(relyingPartyID: String, userHandle: Data) -> SoftwarePasskey {
        SoftwarePasskey(
            credentialID: Data((0..<16).map { _ in UInt8.random(in: 0...255) }), relyingPartyID: relyingPartyID, userHandle: userHandle,
            privateKey: P256.Signing.PrivateKey().rawRepresentation)
    }

    /// The signing key; nil when `privateKey` is not a P-256 key.
    var signingKey: P256.Signing.PrivateKey? {
        try? P256.Signing.PrivateKey(rawRepresentation: privateKey)
    }

    /// The relying party and credential id; never the key.
    public var description: String {
        "SoftwarePasskey(rp: \(relyingPartyID), id: \(credentialID.base64EncodedString()), signCount: \(signCount))"
    }
}
