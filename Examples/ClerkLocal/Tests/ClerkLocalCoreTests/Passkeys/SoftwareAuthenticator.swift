import Crypto
import CryptoExtras
import Foundation

@testable import ClerkLocalCore

/// A WebAuthn authenticator and client in software (swift-crypto P-256 or RSA keys) that writes registration
/// and assertion responses as a browser serializes them, with every field open to tampering.
struct SoftwareAuthenticator {
    enum Key {
        case p256(P256.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
    }

    enum Attestation {
        case none
        case packedSelf
        /// A packed self statement naming another algorithm than the credential key's.
        case packedSelfClaiming(algorithm: Int64)
    }

    /// What the client data and authenticator data say; each test changes the part it refuses.
    struct Ceremony {
        var type: String
        var challenge: [UInt8]
        var origin: String
        var rpID: String
        var flags: UInt8 = 0x05  // user present, user verified
        var crossOrigin: Bool?
    }

    let key: Key
    let credentialID: [UInt8]
    let aaguid: [UInt8] = Array(repeating: 0xAA, count: 16)

    static func p256() -> SoftwareAuthenticator {
        SoftwareAuthenticator(key: .p256(P256.Signing.PrivateKey()), credentialID: Array((0..<32).map { _ in UInt8.random(in: 0...255) }))
    }

    static func rsa() throws -> SoftwareAuthenticator {
        SoftwareAuthenticator(
            key: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048)), credentialID: Array((0..<20).map { _ in UInt8.random(in: 0...255) }))
    }

    var algorithm: Int64 {
        switch key {
        case .p256: -7
        case .rsa: -257
        }
    }

    /// The credential's COSE key; `algorithm` replaces the key's own label (unsupported-algorithm tests).
    func coseKey(algorithm label: Int64? = nil) throws -> CBORValue {
        switch key {
        case .p256(let key):
            let point = Array(key.publicKey.x963Representation)
            return .map([
                .integer(1): .integer(2), .integer(3): .integer(label ?? -7), .integer(-1): .integer(1),
                .integer(-2): .bytes(Array(point[1..<33])), .integer(-3): .bytes(Array(point[33..<65])),
            ])
        case .rsa(let key):
            let primitives = try key.publicKey.getKeyPrimitives()
            return .map([
                .integer(1): .integer(3), .integer(3): .integer(label ?? -257),
                .integer(-1): .bytes(Array(primitives.modulus)), .integer(-2): .bytes(Array(primitives.publicExponent)),
            ])
        }
    }

    func sign(_ data: [UInt8]) throws -> [UInt8] {
        switch key {
        case .p256(let key): Array(try key.signature(for: data).derRepresentation)
        case .rsa(let key): Array(try key.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation)
        }
    }

    static func clientDataJSON(_ ceremony: Ceremony) -> [UInt8] {
        var json = #"{"type":"\#(ceremony.type)","challenge":"\#(Base64URL.encode(ceremony.challenge))","origin":"\#(ceremony.origin)""#
        if let crossOrigin = ceremony.crossOrigin { json += #","crossOrigin":\#(crossOrigin)"# }
        return Array((json + "}").utf8)
    }

    static func authenticatorData(_ ceremony: Ceremony, signCount: UInt32, attested: [UInt8] = []) -> [UInt8] {
        Array(SHA256.hash(data: Array(ceremony.rpID.utf8))) + [ceremony.flags]
            + (0..<4).reversed().map { UInt8(truncatingIfNeeded: signCount >> (8 * UInt32($0))) } + attested
    }

    func attestedCredentialData(coseKey: CBORValue) -> [UInt8] {
        aaguid + [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)] + credentialID + coseKey.encoded
    }

    /// A registration response.
    func registration(
        _ ceremony: Ceremony, attestation: Attestation = .none, signCount: UInt32 = 0, keyAlgorithm: Int64? = nil,
        transports: [String] = ["internal", "hybrid"], rawID: [UInt8]? = nil
    ) throws -> String {
        let clientData = Self.clientDataJSON(ceremony)
        var ceremony = ceremony
        ceremony.flags |= 0x40
        let authData = Self.authenticatorData(
            ceremony, signCount: signCount, attested: attestedCredentialData(coseKey: try coseKey(algorithm: keyAlgorithm)))
        let signed = authData + Array(SHA256.hash(data: clientData))
        let statement: CBORValue =
            switch attestation {
            case .none: .map([:])
            case .packedSelf: .map([.text("alg"): .integer(algorithm), .text("sig"): .bytes(try sign(signed))])
            case .packedSelfClaiming(let label): .map([.text("alg"): .integer(label), .text("sig"): .bytes(try sign(signed))])
            }
        let format: String =
            switch attestation {
            case .none: "none"
            case .packedSelf, .packedSelfClaiming: "packed"
            }
        let object = CBORValue.map([.text("fmt"): .text(format), .text("attStmt"): statement, .text("authData"): .bytes(authData)])
        return Self.registrationJSON(
            rawID: rawID ?? credentialID, clientData: clientData, attestationObject: object.encoded, transports: transports)
    }

    static func registrationJSON(rawID: [UInt8], clientData: [UInt8], attestationObject: [UInt8], transports: [String] = []) -> String {
        let id = Base64URL.encode(rawID)
        let transportList = transports.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"id":"\#(id)","rawId":"\#(id)","type":"public-key","authenticatorAttachment":"platform","#
            + #""response":{"clientDataJSON":"\#(Base64URL.encode(clientData))","attestationObject":"\#(Base64URL.encode(attestationObject))","#
            + #""transports":[\#(transportList)]},"clientExtensionResults":{}}"#
    }

    /// An assertion response; `signature` rewrites the signature after signing.
    func assertion(
        _ ceremony: Ceremony, signCount: UInt32, userHandle: [UInt8]? = nil, signature rewrite: ([UInt8]) -> [UInt8] = { $0 }
    ) throws -> String {
        let clientData = Self.clientDataJSON(ceremony)
        let authData = Self.authenticatorData(ceremony, signCount: signCount)
        let signature = rewrite(try sign(authData + Array(SHA256.hash(data: clientData))))
        let id = Base64URL.encode(credentialID)
        let handle = userHandle.map { "\"\(Base64URL.encode($0))\"" } ?? "null"
        return #"{"id":"\#(id)","rawId":"\#(id)","type":"public-key","response":{"clientDataJSON":"\#(Base64URL.encode(clientData))","#
            + #""authenticatorData":"\#(Base64URL.encode(authData))","signature":"\#(Base64URL.encode(signature))","userHandle":\#(handle)}}"#
    }
}
