import Crypto
import Foundation

@testable import ClerkLocalCore

/// A passkey authenticator and client in software for the wire tests: it reads the options a verification's
/// `nonce` carries and answers them as a browser serializes WebAuthn responses (P-256, attestation `none`,
/// user present and verified), counting its signatures. `origin` is the client's; tests change it to be refused.
struct OptionsAuthenticator {
    let key = P256.Signing.PrivateKey()
    let credentialID = Array((0..<16).map { _ in UInt8.random(in: 0...255) })
    var origin = "http://localhost"
    var signCount: UInt32 = 0
    /// The user handle of the registration, returned with each assertion as a discoverable credential does.
    private(set) var userHandle: [UInt8]?

    /// `navigator.credentials.create` with the creation options JSON: the registration response JSON.
    mutating func create(_ optionsJSON: String) throws -> String {
        let options = try JSONDecoder().decode(PasskeyCreationOptions.self, from: Data(optionsJSON.utf8))
        userHandle = Base64URL.decode(options.user.id).map(Array.init)
        let clientData = Self.clientData("webauthn.create", challenge: options.challenge, origin: origin)
        let point = Array(key.publicKey.x963Representation)
        // COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
        let coseKey: [UInt8] = [0xA5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20] + point[1..<33] + [0x22, 0x58, 0x20] + point[33..<65]
        let attested = [UInt8](repeating: 0, count: 16) + [0, UInt8(credentialID.count)] + credentialID + coseKey
        let authData = Self.authenticatorData(rpID: options.rp.id, flags: 0x45, signCount: signCount) + attested
        // {"fmt": "none", "attStmt": {}, "authData": bytes}
        let attestationObject: [UInt8] =
            [0xA3, 0x63] + Array("fmt".utf8) + [0x64] + Array("none".utf8) + [0x67] + Array("attStmt".utf8) + [0xA0]
            + [0x68] + Array("authData".utf8) + [0x58, UInt8(authData.count)] + authData
        let id = Base64URL.encode(credentialID)
        return #"{"id":"\#(id)","rawId":"\#(id)","type":"public-key","authenticatorAttachment":"platform","#
            + #""response":{"clientDataJSON":"\#(Base64URL.encode(clientData))","attestationObject":"\#(Base64URL.encode(attestationObject))","#
            + #""transports":["internal"]},"clientExtensionResults":{}}"#
    }

    /// `navigator.credentials.get` with the request options JSON: the assertion JSON, signed with a counter one
    /// higher than the last.
    mutating func get(_ optionsJSON: String) throws -> String {
        let options = try JSONDecoder().decode(PasskeyRequestOptions.self, from: Data(optionsJSON.utf8))
        signCount += 1
        let clientData = Self.clientData("webauthn.get", challenge: options.challenge, origin: origin)
        let authData = Self.authenticatorData(rpID: options.rpId, flags: 0x05, signCount: signCount)
        let signature = try key.signature(for: authData + Array(SHA256.hash(data: clientData))).derRepresentation
        let id = Base64URL.encode(credentialID)
        let handle = userHandle.map { "\"\(Base64URL.encode($0))\"" } ?? "null"
        return #"{"id":"\#(id)","rawId":"\#(id)","type":"public-key","response":{"clientDataJSON":"\#(Base64URL.encode(clientData))","#
            + #""authenticatorData":"\#(Base64URL.encode(authData))","signature":"\#(Base64URL.encode(Array(signature)))","userHandle":\#(handle)}}"#
    }

    private static func clientData(_ type: String, challenge: String, origin: String) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    private static func authenticatorData(rpID: String, flags: UInt8, signCount: UInt32) -> [UInt8] {
        Array(SHA256.hash(data: Array(rpID.utf8))) + [flags] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: signCount >> (8 * UInt32($0))) }
    }
}
