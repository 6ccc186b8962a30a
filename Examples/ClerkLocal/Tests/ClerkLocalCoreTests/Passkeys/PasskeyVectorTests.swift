import Foundation
import Testing

@testable import ClerkLocalCore

/// The relying party against ceremonies recorded by browsers and authenticators, as py_webauthn's tests hold
/// them (see PyWebAuthnVectors.swift).
@Suite("Passkeys: recorded ceremonies from py_webauthn's tests")
struct PasskeyVectorTests {
    let relyingParty = PasskeyRelyingParty(id: "localhost", name: "Local", origins: ["http://localhost:5000"])

    static func bytes(_ text: String) throws -> [UInt8] {
        Array(try #require(Base64URL.decode(text)))
    }

    static func stored(_ vector: WebAuthnVector, algorithm: COSEAlgorithm) throws -> RegisteredPasskeyCredential {
        let response = try JSONDecoder().decode(AuthenticationResponseJSON.self, from: Data(vector.credential.utf8))
        return RegisteredPasskeyCredential(
            credentialID: try bytes(response.rawId), publicKeyCOSE: try bytes(try #require(vector.credentialPublicKey)),
            algorithm: algorithm, signCount: try #require(vector.signCount), aaguid: [], backupEligible: false, backedUp: false,
            userVerified: false, transports: [], attestation: .none)
    }

    func assertion(_ vector: WebAuthnVector, algorithm: COSEAlgorithm, requireUserVerification: Bool) throws -> PasskeyAssertion {
        try relyingParty.verifyAssertion(
            vector.credential, credential: try Self.stored(vector, algorithm: algorithm), challenge: try Self.bytes(vector.challenge),
            requireUserVerification: requireUserVerification)
    }

    func refusal(_ body: () throws -> Void) -> PasskeyRefusal? {
        do {
            try body()
            return nil
        } catch {
            return error as? PasskeyRefusal
        }
    }

    @Test("a `none` registration yields py_webauthn's credential id, COSE key, counter 23, zero AAGUID, no backup, and its transports")
    func noneRegistration() throws {
        let vector = PyWebAuthnVectors.noneES256
        let credential = try relyingParty.verifyRegistration(
            vector.credential, challenge: try Self.bytes(vector.challenge), requireUserVerification: false)
        #expect(Base64URL.encode(credential.credentialID) == "9y1xA8Tmg1FEmT-c7_fvWZ_uoTuoih3OvR45_oAK-cwHWhAbXrl2q62iLVTjiyEZ7O7n-CROOY494k7Q3xrs_w")
        #expect(
            Base64URL.encode(credential.publicKeyCOSE)
                == "pQECAyYgASFYIEhW1CRfuNlIN6XTPKw0RbvzeaIlRMrDwwep-uq_-3WQIlgg1FZwd_RZRsqS_qgKCDvcVh7ScoKNo3w5h5fv3ihUSww")
        #expect(credential.algorithm == .es256)
        #expect(credential.signCount == 23)
        #expect(credential.aaguid == Array(repeating: 0, count: 16))
        #expect(!credential.backupEligible && !credential.backedUp)
        #expect(credential.transports == ["nfc", "usb"])
        #expect(credential.attestation == .none)
    }

    @Test("the recorded `none` registration is refused with another challenge, another origin or another rp id; one without UV when UV is required")
    func noneRegistrationRefusals() throws {
        let vector = PyWebAuthnVectors.noneES256
        let challenge = try Self.bytes(vector.challenge)
        let otherChallenge = refusal {
            _ = try relyingParty.verifyRegistration(vector.credential, challenge: challenge.reversed(), requireUserVerification: false)
        }
        #expect(otherChallenge?.reason == .challengeMismatch)
        #expect(otherChallenge?.code == .passkeyInvalidVerification)
        let otherOrigin = PasskeyRelyingParty(id: "localhost", name: "Local", origins: ["https://localhost:5000"])
        #expect(
            refusal { _ = try otherOrigin.verifyRegistration(vector.credential, challenge: challenge, requireUserVerification: false) }?.reason
                == .originNotAllowed("http://localhost:5000"))
        let otherRP = PasskeyRelyingParty(id: "example.com", name: "Local", origins: ["http://localhost:5000"])
        #expect(
            refusal { _ = try otherRP.verifyRegistration(vector.credential, challenge: challenge, requireUserVerification: false) }?.reason
                == .rpIDHashMismatch)
        // The Ed25519 registration's flags are UP and AT only; the flags are checked before the key.
        let unverified = PyWebAuthnVectors.packedEd25519
        let withoutUV = refusal {
            _ = try relyingParty.verifyRegistration(unverified.credential, challenge: try Self.bytes(unverified.challenge), requireUserVerification: true)
        }
        #expect(withoutUV?.reason == .userNotVerified)
        #expect(withoutUV?.code == .passkeyInvalidPublicKeyCredential)
    }

    @Test("a packed statement with an attestation certificate (a YubiKey through Firefox) verifies by the certificate's key, trust not evaluated")
    func packedCertificate() throws {
        let vector = PyWebAuthnVectors.packedFirefoxYubiKey
        let credential = try relyingParty.verifyRegistration(
            vector.credential, challenge: try Self.bytes(vector.challenge), requireUserVerification: false)
        #expect(credential.attestation == .packedCertificateUnverifiedTrust)
        #expect(Base64URL.encode(credential.credentialID) == "syGQPDZRUYdb4m3rdWeyPaIMYlbmydGp1TP_33vE_lqJ3PHNyTd0iKsnKr5WjnCcBzcesZrDEfB_RBLFzU3k4w")
        #expect(credential.signCount == 52)
    }

    @Test("the packed statement's signature no longer verifies once one byte of the authenticator data changes")
    func packedCertificateTampered() throws {
        let vector = PyWebAuthnVectors.packedFirefoxYubiKey
        let response = try JSONDecoder().decode(RegistrationResponseJSON.self, from: Data(vector.credential.utf8))
        var object = try CBORDecoder.decode(try Self.bytes(response.response.attestationObject))
        guard case .map(var entries) = object, var authData = entries[.text("authData")]?.bytesValue else {
            Issue.record("attestation object without authData")
            return
        }
        authData[36] ^= 0x01  // the counter's last byte
        entries[.text("authData")] = .bytes(authData)
        object = .map(entries)
        let tampered = vector.credential.replacingOccurrences(of: response.response.attestationObject, with: Base64URL.encode(object.encoded))
        let refused = refusal {
            _ = try relyingParty.verifyRegistration(tampered, challenge: try Self.bytes(vector.challenge), requireUserVerification: false)
        }
        #expect(refused?.reason == .signatureInvalid)
    }

    @Test("a registration with an Ed25519 (OKP, alg -8) credential key is refused as an unsupported algorithm")
    func ed25519Registration() throws {
        let vector = PyWebAuthnVectors.packedEd25519
        let refused = refusal {
            _ = try relyingParty.verifyRegistration(vector.credential, challenge: try Self.bytes(vector.challenge), requireUserVerification: false)
        }
        #expect(refused?.reason == .unsupportedAlgorithm(-8))
        #expect(refused?.code == .passkeyInvalidPublicKeyCredential)
    }

    @Test("an ES256 assertion (UP only) moves the counter from 77 to 78 and reports no user verification")
    func es256Assertion() throws {
        let result = try assertion(PyWebAuthnVectors.assertionES256, algorithm: .es256, requireUserVerification: false)
        #expect(result.newSignCount == 78)
        #expect(!result.userVerified && !result.backedUp)
    }

    @Test("an RS256 assertion with user verification required verifies, counter 0 to 1, and returns its user handle")
    func rs256Assertion() throws {
        let result = try assertion(PyWebAuthnVectors.assertionRS256, algorithm: .rs256, requireUserVerification: true)
        #expect(result.newSignCount == 1)
        #expect(result.userVerified)
        #expect(result.userHandle == Array("OTVkYzUwODUtYmM5YS00NTI1LTgwNzgtZmViYWY4ZDVmY2Ni".utf8))
    }

    @Test("an assertion checked against another credential's key is refused: the signature does not verify")
    func wrongKey() throws {
        let refused = refusal { _ = try assertion(PyWebAuthnVectors.assertionWrongKey, algorithm: .rs256, requireUserVerification: true) }
        #expect(refused?.reason == .signatureInvalid)
        #expect(refused?.code == .passkeyAuthenticationFailure)
    }

    @Test("an assertion without the UV flag is refused when user verification is required, and accepted when it is not")
    func userVerification() throws {
        let vector = PyWebAuthnVectors.assertionWithoutUV
        #expect(refusal { _ = try assertion(vector, algorithm: .es256, requireUserVerification: true) }?.reason == .userNotVerified)
        #expect(try assertion(vector, algorithm: .es256, requireUserVerification: false).newSignCount == 33)
    }

    @Test("an assertion by an Ed25519 credential is refused as an unsupported algorithm")
    func ed25519Assertion() throws {
        let refused = refusal { _ = try assertion(PyWebAuthnVectors.assertionEd25519, algorithm: .es256, requireUserVerification: false) }
        #expect(refused?.reason == .unsupportedAlgorithm(-8))
    }

    @Test("an assertion verifies from the second of two allowed origins, and the counter moves past 1,625,263,263")
    func secondOrigin() throws {
        let vector = PyWebAuthnVectors.assertionSecondOrigin
        let relyingParty = PasskeyRelyingParty(id: "localhost", name: "Local", origins: ["https://foo.bar", "http://localhost:5000"])
        let result = try relyingParty.verifyAssertion(
            vector.credential, credential: try Self.stored(vector, algorithm: .es256), challenge: try Self.bytes(vector.challenge),
            requireUserVerification: false)
        #expect(result.newSignCount > 1_625_263_263)
    }

    @Test("a replayed assertion (the same counter again) is refused as a counter that did not increase")
    func replayedCounter() throws {
        let vector = PyWebAuthnVectors.assertionES256
        var stored = try Self.stored(vector, algorithm: .es256)
        stored.signCount = 78
        let refused = refusal {
            _ = try relyingParty.verifyAssertion(
                vector.credential, credential: stored, challenge: try Self.bytes(vector.challenge), requireUserVerification: false)
        }
        #expect(refused?.reason == .signCountNotIncreased(stored: 78, received: 78))
        #expect(refused?.code == .passkeyAuthenticationFailure)
    }
}
