import Crypto
import Testing

@testable import ClerkLocalCore

/// Authenticator data: flags, counter, attested credential data and extensions, and its malformed forms.
@Suite("Passkeys: authenticator data")
struct AuthenticatorDataTests {
    let authenticator = SoftwareAuthenticator.p256()
    let ceremony = SoftwareAuthenticator.Ceremony(type: "webauthn.create", challenge: [1], origin: "http://localhost", rpID: "localhost", flags: 0x5D)

    @Test("the fixed part, the flags (UP, UV, BE, BS, AT) and the attested credential are read")
    func attested() throws {
        let key = try authenticator.coseKey()
        let data = try AuthenticatorData(
            SoftwareAuthenticator.authenticatorData(ceremony, signCount: 0x0102_0304, attested: authenticator.attestedCredentialData(coseKey: key)))
        #expect(data.rpIDHash == Array(SHA256.hash(data: Array("localhost".utf8))))
        #expect(data.flags == [.userPresent, .userVerified, .backupEligible, .backedUp, .attestedCredentialData])
        #expect(data.signCount == 0x0102_0304)
        #expect(data.attestedCredential?.aaguid == authenticator.aaguid)
        #expect(data.attestedCredential?.credentialID == authenticator.credentialID)
        #expect(data.attestedCredential?.publicKeyCOSE == key.encoded)
        #expect(data.extensions == nil)
    }

    @Test("extensions after the attested credential, or alone, are decoded and skipped")
    func extensions() throws {
        let extensions = CBORValue.map([.text("credProtect"): .integer(2)])
        var withCredential = ceremony
        withCredential.flags |= 0x80
        let data = try AuthenticatorData(
            SoftwareAuthenticator.authenticatorData(
                withCredential, signCount: 1, attested: authenticator.attestedCredentialData(coseKey: try authenticator.coseKey()) + extensions.encoded))
        #expect(data.extensions == extensions)
        #expect(data.attestedCredential?.credentialID == authenticator.credentialID)
        let alone = SoftwareAuthenticator.Ceremony(type: "", challenge: [], origin: "", rpID: "localhost", flags: 0x81)
        #expect(try AuthenticatorData(SoftwareAuthenticator.authenticatorData(alone, signCount: 1, attested: extensions.encoded)).extensions == extensions)
    }

    @Test("malformed: short, trailing bytes, AT without credential, credential id too long, bad key, ED without a map")
    func malformed() throws {
        let plain = SoftwareAuthenticator.Ceremony(type: "", challenge: [], origin: "", rpID: "localhost", flags: 0x01)
        let base = SoftwareAuthenticator.authenticatorData(plain, signCount: 0)
        var attested = plain
        attested.flags = 0x41
        var withExtensions = plain
        var backedUpOnly = plain
        backedUpOnly.flags = 0x11
        withExtensions.flags = 0x81
        let key = try authenticator.coseKey().encoded
        let longID = [UInt8](repeating: 0, count: 16) + [0x04, 0x00] + [UInt8](repeating: 7, count: 1024) + key
        let cases: [([UInt8], PasskeyRefusalReason)] = [
            (Array(base.prefix(36)), .malformedAuthenticatorData("shorter than 37 bytes")),
            (
                SoftwareAuthenticator.authenticatorData(backedUpOnly, signCount: 0),
                .malformedAuthenticatorData("backed up (BS) without being backup eligible (BE)")
            ),
            (base + [0], .malformedAuthenticatorData("1 unexpected trailing bytes")),
            (SoftwareAuthenticator.authenticatorData(attested, signCount: 0), .malformedAuthenticatorData("attested credential data truncated")),
            (
                SoftwareAuthenticator.authenticatorData(attested, signCount: 0, attested: longID),
                .malformedAuthenticatorData("credential id length 1024 outside 1...1023")
            ),
            (
                SoftwareAuthenticator.authenticatorData(attested, signCount: 0, attested: [UInt8](repeating: 0, count: 16) + [0, 1, 9] + [0x01]),
                .malformedAuthenticatorData("credential public key is not a map")
            ),
            (
                SoftwareAuthenticator.authenticatorData(attested, signCount: 0, attested: [UInt8](repeating: 0, count: 16) + [0, 1, 9] + [0xA1]),
                .malformedAuthenticatorData("credential public key: CBOR input ends inside an item")
            ),
            (SoftwareAuthenticator.authenticatorData(withExtensions, signCount: 0), .malformedAuthenticatorData("extension flag set without extensions")),
            (SoftwareAuthenticator.authenticatorData(withExtensions, signCount: 0, attested: [0x80]), .malformedAuthenticatorData("extensions are not a map")),
            (
                SoftwareAuthenticator.authenticatorData(withExtensions, signCount: 0, attested: [0xA0, 0x00]),
                .malformedAuthenticatorData("extensions: 1 bytes follow the CBOR item")
            ),
        ]
        for (bytes, reason) in cases {
            #expect(throws: reason) { try AuthenticatorData(bytes) }
        }
    }

    @Test("COSE keys: EC2 off the curve, wrong sizes, missing members, RSA under 2,048 bits are refused")
    func coseRefusals() throws {
        let valid = try authenticator.coseKey()
        guard case .map(let entries) = valid else { return }
        func changed(_ change: (inout [CBORValue: CBORValue]) -> Void) -> CBORValue {
            var copy = entries
            change(&copy)
            return .map(copy)
        }
        let cases: [(CBORValue, PasskeyRefusalReason)] = [
            (.array([]), .invalidPublicKey("not a map")),
            (changed { $0[.integer(3)] = nil }, .unsupportedAlgorithm(nil)),
            (changed { $0[.integer(1)] = .integer(3) }, .invalidPublicKey("ES256 needs key type EC2")),
            (changed { $0[.integer(-1)] = .integer(2) }, .invalidPublicKey("ES256 needs curve P-256")),
            (changed { $0[.integer(-2)] = .bytes([1]) }, .invalidPublicKey("P-256 coordinates must be 32-byte strings")),
            (changed { $0[.integer(-3)] = .bytes([UInt8](repeating: 1, count: 32)) }, .invalidPublicKey("the point is not on P-256")),
            (
                .map([
                    .integer(1): .integer(3), .integer(3): .integer(-257), .integer(-1): .bytes([UInt8](repeating: 0xC1, count: 128)),
                    .integer(-2): .bytes([1, 0, 1]),
                ]),
                .invalidPublicKey("RSA keys need a modulus of 2,048 bits or more")
            ),
            (.map([.integer(1): .integer(3), .integer(3): .integer(-257)]), .invalidPublicKey("RSA needs a modulus and an exponent")),
        ]
        for (value, reason) in cases {
            #expect(throws: reason) { try COSEPublicKey(value) }
        }
        #expect(try COSEPublicKey(cose: valid.encoded).algorithm == .es256)
    }
}
