import Crypto
import Foundation
import Testing

@testable import ClerkLocalCore

/// Registrations and assertions written by the tests' software authenticator (P-256 and RSA keys), each
/// refusal made by changing one thing a real client or authenticator could get wrong.
@Suite("Passkeys: software authenticator round trips and every refusal")
struct PasskeyRoundTripTests {
    static let origin = "http://localhost:3000"
    let relyingParty = PasskeyRelyingParty(id: "localhost", name: "Local", origins: [Self.origin, "https://app.example.com"])
    let challenge = SecureRandom.bytes(32)

    func create(_ change: (inout SoftwareAuthenticator.Ceremony) -> Void = { _ in }) -> SoftwareAuthenticator.Ceremony {
        var ceremony = SoftwareAuthenticator.Ceremony(type: "webauthn.create", challenge: challenge, origin: Self.origin, rpID: "localhost")
        change(&ceremony)
        return ceremony
    }

    func get(_ change: (inout SoftwareAuthenticator.Ceremony) -> Void = { _ in }) -> SoftwareAuthenticator.Ceremony {
        create {
            $0.type = "webauthn.get"
            change(&$0)
        }
    }

    func registrationRefusal(_ json: String, requireUserVerification: Bool = true) -> PasskeyRefusal? {
        do {
            _ = try relyingParty.verifyRegistration(json, challenge: challenge, requireUserVerification: requireUserVerification)
            return nil
        } catch {
            return error
        }
    }

    func assertionRefusal(_ json: String, _ credential: RegisteredPasskeyCredential, userHandle: [UInt8]? = nil) -> PasskeyRefusal? {
        do {
            _ = try relyingParty.verifyAssertion(
                json, credential: credential, challenge: challenge, requireUserVerification: true, userHandle: userHandle)
            return nil
        } catch {
            return error
        }
    }

    static func authenticators() throws -> [SoftwareAuthenticator] {
        [SoftwareAuthenticator.p256(), try SoftwareAuthenticator.rsa()]
    }

    @Test("ES256 and RS256 credentials register (none and packed self attestation) and sign in, the counter moving forward")
    func roundTrips() throws {
        for authenticator in try Self.authenticators() {
            for attestation in [SoftwareAuthenticator.Attestation.none, .packedSelf] {
                var credential = try relyingParty.verifyRegistration(
                    try authenticator.registration(create(), attestation: attestation, signCount: 1), challenge: challenge,
                    requireUserVerification: true)
                #expect(credential.credentialID == authenticator.credentialID)
                #expect(credential.algorithm.rawValue == authenticator.algorithm)
                #expect(credential.signCount == 1)
                #expect(credential.aaguid == authenticator.aaguid)
                #expect(credential.transports == ["internal", "hybrid"])
                #expect(credential.userVerified)
                #expect(credential.attestation == (attestation.isNone ? .none : .packedSelf))
                let handle = SecureRandom.bytes(16)
                let result = try relyingParty.verifyAssertion(
                    try authenticator.assertion(get(), signCount: 2, userHandle: handle), credential: credential, challenge: challenge,
                    requireUserVerification: true, userHandle: handle)
                #expect(result.newSignCount == 2)
                #expect(result.userVerified)
                credential.signCount = result.newSignCount
                #expect(
                    assertionRefusal(try authenticator.assertion(get(), signCount: 2), credential)?.reason == .signCountNotIncreased(stored: 2, received: 2))
                #expect(
                    assertionRefusal(try authenticator.assertion(get(), signCount: 1), credential)?.reason == .signCountNotIncreased(stored: 2, received: 1))
            }
        }
    }

    @Test("an authenticator that keeps no counter (always 0) signs in again and again")
    func zeroCounter() throws {
        let authenticator = SoftwareAuthenticator.p256()
        let credential = try relyingParty.verifyRegistration(
            try authenticator.registration(create()), challenge: challenge, requireUserVerification: true)
        for _ in 0..<2 {
            let result = try relyingParty.verifyAssertion(
                try authenticator.assertion(get(), signCount: 0), credential: credential, challenge: challenge, requireUserVerification: true)
            #expect(result.newSignCount == 0)
        }
    }

    @Test("a registration is refused for the wrong client data type, challenge, origin, rp id, a cross-origin frame, missing UP or UV")
    func registrationCeremonyRefusals() throws {
        let authenticator = SoftwareAuthenticator.p256()
        let cases: [(SoftwareAuthenticator.Ceremony, PasskeyRefusalReason)] = [
            (create { $0.type = "webauthn.get" }, .wrongClientDataType(expected: "webauthn.create")),
            (create { $0.challenge = SecureRandom.bytes(32) }, .challengeMismatch),
            (create { $0.origin = "http://localhost:3001" }, .originNotAllowed("http://localhost:3001")),
            (create { $0.rpID = "example.com" }, .rpIDHashMismatch),
            (create { $0.crossOrigin = true }, .crossOrigin),
            (create { $0.flags = 0x04 }, .userNotPresent),
            (create { $0.flags = 0x01 }, .userNotVerified),
        ]
        for (ceremony, reason) in cases {
            let refusal = registrationRefusal(try authenticator.registration(ceremony))
            #expect(refusal?.reason == reason)
            #expect(refusal?.code == (reason == .challengeMismatch ? .passkeyInvalidVerification : .passkeyInvalidPublicKeyCredential))
            #expect(refusal?.frontendError.status == (reason == .challengeMismatch ? 400 : 422))
        }
        #expect(registrationRefusal(try authenticator.registration(create { $0.flags = 0x01 }), requireUserVerification: false) == nil)
    }

    @Test("a registration is refused for an unsupported algorithm, a self statement naming another algorithm, a bad self signature")
    func registrationKeyRefusals() throws {
        let authenticator = SoftwareAuthenticator.p256()
        #expect(registrationRefusal(try authenticator.registration(create(), keyAlgorithm: -8))?.reason == .unsupportedAlgorithm(-8))
        #expect(registrationRefusal(try authenticator.registration(create(), keyAlgorithm: -35))?.reason == .unsupportedAlgorithm(-35))
        #expect(
            registrationRefusal(try authenticator.registration(create(), attestation: .packedSelfClaiming(algorithm: -257)))?.reason
                == .invalidAttestationStatement("self attestation alg differs from the credential key's"))
        // The statement signs the authenticator data with counter 0; the object then carries counter 9.
        let other = try authenticator.registration(create(), attestation: .packedSelf, signCount: 9)
        let original = try authenticator.registration(create(), attestation: .packedSelf, signCount: 0)
        let swapped = try Self.replacingStatement(of: other, with: original)
        #expect(registrationRefusal(swapped)?.reason == .signatureInvalid)
    }

    @Test("a registration is refused when the credential id differs from rawId, the AT flag is missing, or the format is unknown")
    func registrationStructureRefusals() throws {
        let authenticator = SoftwareAuthenticator.p256()
        let otherID = SecureRandom.bytes(32)
        let mismatch = registrationRefusal(try authenticator.registration(create(), rawID: otherID))
        #expect(mismatch?.reason == .credentialIDMismatch)
        #expect(mismatch?.frontendError.paramName == "public_key_credential")
        let clientData = SoftwareAuthenticator.clientDataJSON(create())
        let withoutCredential = CBORValue.map([
            .text("fmt"): .text("none"), .text("attStmt"): .map([:]),
            .text("authData"): .bytes(SoftwareAuthenticator.authenticatorData(create(), signCount: 0)),
        ])
        #expect(
            registrationRefusal(
                SoftwareAuthenticator.registrationJSON(rawID: otherID, clientData: clientData, attestationObject: withoutCredential.encoded))?.reason
                == .attestedCredentialMissing)
        let json = try authenticator.registration(create())
        let unknownFormat = try Self.rewritingObject(of: json) { $0[.text("fmt")] = .text("tpm") }
        #expect(registrationRefusal(unknownFormat)?.reason == .unsupportedAttestationFormat("tpm"))
        let noneWithStatement = try Self.rewritingObject(of: json) { $0[.text("attStmt")] = .map([.text("alg"): .integer(-7)]) }
        #expect(registrationRefusal(noneWithStatement)?.reason == .invalidAttestationStatement("none carries a statement"))
    }

    @Test("malformed credentials are refused as invalid: not JSON, missing fields, not base64url, bad CBOR, type not public-key")
    func malformedCredentials() throws {
        let authenticator = SoftwareAuthenticator.p256()
        let json = try authenticator.registration(create())
        let cases: [(String, PasskeyRefusalReason)] = [
            ("not json", .malformedCredential("not JSON")),
            (#"{"id":"AA","rawId":"AA","type":"public-key"}"#, .malformedCredential("missing response")),
            (json.replacingOccurrences(of: #""type":"public-key""#, with: #""type":"password""#), .malformedCredential("type is not public-key")),
            (
                SoftwareAuthenticator.registrationJSON(
                    rawID: [1], clientData: SoftwareAuthenticator.clientDataJSON(create()), attestationObject: [0xA1, 0x61]),
                .malformedAttestationObject("CBOR input ends inside an item")
            ),
            (
                SoftwareAuthenticator.registrationJSON(rawID: [1], clientData: Array("{}".utf8), attestationObject: [0xA0]),
                .malformedAttestationObject("fmt is missing or not text")
            ),
        ]
        for (input, reason) in cases {
            let refusal = registrationRefusal(input)
            #expect(refusal?.reason == reason)
            #expect(refusal?.code == .passkeyInvalidPublicKeyCredential)
        }
        let badBase64 = json.replacingOccurrences(of: #""clientDataJSON":""#, with: #""clientDataJSON":"!!"#)
        #expect(registrationRefusal(badBase64)?.reason == .malformedCredential("response.clientDataJSON is not base64url"))
        let notJSONClientData = try Self.replacingClientData(of: json, with: Array("{\"type\":1}".utf8))
        #expect(registrationRefusal(notJSONClientData)?.reason == .malformedClientData("type has the wrong type"))
    }

    @Test("an assertion is refused for the wrong type, challenge, origin, rp id, missing UP or UV, bad signature, other credential or user")
    func assertionRefusals() throws {
        let authenticator = try SoftwareAuthenticator.rsa()
        let credential = try relyingParty.verifyRegistration(
            try authenticator.registration(create()), challenge: challenge, requireUserVerification: true)
        let cases: [(SoftwareAuthenticator.Ceremony, PasskeyRefusalReason)] = [
            (get { $0.type = "webauthn.create" }, .wrongClientDataType(expected: "webauthn.get")),
            (get { $0.challenge = SecureRandom.bytes(32) }, .challengeMismatch),
            (get { $0.origin = "https://evil.example" }, .originNotAllowed("https://evil.example")),
            (get { $0.rpID = "localhost.evil" }, .rpIDHashMismatch),
            (get { $0.flags = 0x04 }, .userNotPresent),
            (get { $0.flags = 0x01 }, .userNotVerified),
        ]
        for (ceremony, reason) in cases {
            let refusal = assertionRefusal(try authenticator.assertion(ceremony, signCount: 1), credential)
            #expect(refusal?.reason == reason)
            #expect(refusal?.code == (reason == .challengeMismatch ? .passkeyInvalidVerification : .passkeyAuthenticationFailure))
        }
        let flipped = try authenticator.assertion(get(), signCount: 1) { signature in
            var signature = signature
            signature[signature.count / 2] ^= 0x01
            return signature
        }
        #expect(assertionRefusal(flipped, credential)?.reason == .signatureInvalid)
        let otherKey = try SoftwareAuthenticator.rsa()
        let impostor = SoftwareAuthenticator(key: otherKey.key, credentialID: authenticator.credentialID)
        #expect(assertionRefusal(try impostor.assertion(get(), signCount: 1), credential)?.reason == .signatureInvalid)
        let stranger = assertionRefusal(try SoftwareAuthenticator.p256().assertion(get(), signCount: 1), credential)
        #expect(stranger?.reason == .credentialNotRegistered)
        #expect(stranger?.code == .passkeyNotRegistered)
        let wrongUser = assertionRefusal(try authenticator.assertion(get(), signCount: 1, userHandle: [1, 2, 3]), credential, userHandle: [4, 5, 6])
        #expect(wrongUser?.reason == .userHandleMismatch)
    }

    @Test("refusal descriptions and errors carry no challenge, signature or key material")
    func descriptionsHoldNoSecrets() throws {
        let authenticator = SoftwareAuthenticator.p256()
        let credential = try relyingParty.verifyRegistration(
            try authenticator.registration(create()), challenge: challenge, requireUserVerification: true)
        let json = try authenticator.assertion(get { $0.challenge = SecureRandom.bytes(32) }, signCount: 1)
        let refusal = try #require(assertionRefusal(json, credential))
        let text = "\(refusal) \(refusal.frontendError.message) \(refusal.frontendError.longMessage)"
        let response = try JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(json.utf8))
        for secret in [Base64URL.encode(challenge), response.response.signature, Base64URL.encode(credential.publicKeyCOSE)] {
            #expect(!text.contains(secret))
        }
    }

    // Rewriting one part of a software registration.

    static func parts(_ json: String) throws -> (RegistrationResponseJSON, [CBORValue: CBORValue]) {
        let response = try JSONDecoder().decode(RegistrationResponseJSON.self, from: Data(json.utf8))
        let object = try CBORDecoder.decode(Array(try #require(Base64URL.decode(response.response.attestationObject))))
        return (response, try #require(object.mapValue))
    }

    static func rewritingObject(of json: String, _ change: (inout [CBORValue: CBORValue]) -> Void) throws -> String {
        let (response, original) = try parts(json)
        var entries = original
        change(&entries)
        return json.replacingOccurrences(of: response.response.attestationObject, with: Base64URL.encode(CBORValue.map(entries).encoded))
    }

    static func replacingStatement(of json: String, with donor: String) throws -> String {
        let statement = try parts(donor).1[.text("attStmt")]
        return try rewritingObject(of: json) { $0[.text("attStmt")] = statement }
    }

    static func replacingClientData(of json: String, with clientData: [UInt8]) throws -> String {
        let (response, _) = try parts(json)
        return json.replacingOccurrences(of: response.response.clientDataJSON, with: Base64URL.encode(clientData))
    }
}

extension SoftwareAuthenticator.Attestation {
    var isNone: Bool {
        if case .none = self { true } else { false }
    }
}
