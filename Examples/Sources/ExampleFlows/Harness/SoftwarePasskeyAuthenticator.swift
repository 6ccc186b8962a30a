import Clerk
import ClerkPasskey
import Crypto
import Foundation
import NIOConcurrencyHelpers

/// A passkey authenticator in software, for Linux and the command line where no platform authenticator is: it
/// keeps one P-256 passkey (swift-crypto) and answers the options as a browser serializes WebAuthn responses
/// (attestation `none`, user present and verified, a counter that grows by one a signature). `origin` is the
/// client's origin its client data names: the `passkeys` preset allows `http://localhost`.
public final class SoftwarePasskeyAuthenticator: PasskeyAuthenticator {
    private struct Credential {
        var key: P256.Signing.PrivateKey
        var id: Data
        var userHandle: Data
        var signCount: UInt32
    }

    public let origin: String
    private let credential = NIOLockedValueBox<Credential?>(nil)
    /// The last assertion it wrote: what a replay would send again.
    private let lastAssertionBox = NIOLockedValueBox<String?>(nil)

    public init(origin: String = "http://localhost") {
        self.origin = origin
    }

    public var lastAssertion: String? { lastAssertionBox.withLockedValue { $0 } }

    public func create(optionsJSON: String) async throws(ClerkError) -> String {
        let options = try WebAuthnJSON.object(optionsJSON)
        guard let rp = options["rp"] as? [String: Any], let rpID = rp["id"] as? String, let user = options["user"] as? [String: Any],
            let handle = WebAuthnJSON.bytes(user["id"]), let challenge = options["challenge"] as? String
        else { throw WebAuthnJSON.unreadable }
        let made = Credential(key: P256.Signing.PrivateKey(), id: Data((0..<16).map { _ in UInt8.random(in: 0...255) }), userHandle: handle, signCount: 0)
        credential.withLockedValue { $0 = made }
        let clientData = clientDataJSON(type: "webauthn.create", challenge: challenge)
        let authenticatorData = Self.authenticatorData(rpID: rpID, flags: 0b0100_0101, signCount: 0) + Self.attestedCredential(made)
        var attestationObject = Data([0xA3])
        attestationObject += Self.text("fmt") + Self.text("none") + Self.text("attStmt") + Data([0xA0])
        attestationObject += Self.text("authData") + Self.byteString(authenticatorData)
        return try WebAuthnJSON.string([
            "id": WebAuthnJSON.encode(made.id), "rawId": WebAuthnJSON.encode(made.id), "type": "public-key",
            "authenticatorAttachment": "platform", "clientExtensionResults": [String: Any](),
            "response": [
                "clientDataJSON": WebAuthnJSON.encode(clientData), "attestationObject": WebAuthnJSON.encode(attestationObject),
                "transports": ["internal"],
            ],
        ])
    }

    public func get(optionsJSON: String) async throws(ClerkError) -> String {
        let options = try WebAuthnJSON.object(optionsJSON)
        guard let rpID = options["rpId"] as? String, let challenge = options["challenge"] as? String else { throw WebAuthnJSON.unreadable }
        guard
            let signer = credential.withLockedValue({ stored -> Credential? in
                stored?.signCount += 1
                return stored
            })
        else {
            throw .invalidInput(InvalidInput(field: "public_key_credential", reason: "this authenticator holds no passkey yet"))
        }
        let clientData = clientDataJSON(type: "webauthn.get", challenge: challenge)
        let authenticatorData = Self.authenticatorData(rpID: rpID, flags: 0b0000_0101, signCount: signer.signCount)
        guard let signature = try? signer.key.signature(for: authenticatorData + Data(SHA256.hash(data: clientData))) else {
            throw WebAuthnJSON.unreadable
        }
        let assertion = try WebAuthnJSON.string([
            "id": WebAuthnJSON.encode(signer.id), "rawId": WebAuthnJSON.encode(signer.id), "type": "public-key",
            "authenticatorAttachment": "platform", "clientExtensionResults": [String: Any](),
            "response": [
                "clientDataJSON": WebAuthnJSON.encode(clientData), "authenticatorData": WebAuthnJSON.encode(authenticatorData),
                "signature": WebAuthnJSON.encode(signature.derRepresentation), "userHandle": WebAuthnJSON.encode(signer.userHandle),
            ],
        ])
        lastAssertionBox.withLockedValue { $0 = assertion }
        return assertion
    }

    private func clientDataJSON(type: String, challenge: String) -> Data {
        (try? JSONSerialization.data(
            withJSONObject: ["type": type, "challenge": challenge, "origin": origin, "crossOrigin": false], options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
    }

    /// rpIdHash, flags, the counter big-endian (WebAuthn §6.1).
    private static func authenticatorData(rpID: String, flags: UInt8, signCount: UInt32) -> Data {
        Data(SHA256.hash(data: Data(rpID.utf8))) + Data([flags]) + withUnsafeBytes(of: signCount.bigEndian) { Data($0) }
    }

    /// AAGUID (zeros), the credential id's length and bytes, and its COSE key (EC2, ES256, P-256, x, y).
    private static func attestedCredential(_ credential: Credential) -> Data {
        let point = credential.key.publicKey.x963Representation
        var key = Data([0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01])
        key += Data([0x21]) + byteString(point.dropFirst().prefix(32)) + Data([0x22]) + byteString(point.suffix(32))
        return Data(count: 16) + withUnsafeBytes(of: UInt16(credential.id.count).bigEndian) { Data($0) } + credential.id + key
    }

    /// CBOR text and byte strings shorter than 256 bytes: all these responses hold.
    private static func text(_ value: String) -> Data {
        Data([0x60 | UInt8(value.utf8.count)]) + Data(value.utf8)
    }

    private static func byteString(_ bytes: Data) -> Data {
        (bytes.count < 24 ? Data([0x40 | UInt8(bytes.count)]) : Data([0x58, UInt8(bytes.count)])) + bytes
    }
}
