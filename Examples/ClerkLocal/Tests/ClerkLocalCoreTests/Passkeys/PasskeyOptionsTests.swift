import Foundation
import Testing

@testable import ClerkLocalCore

/// The options a verification's `nonce` carries, and the challenge's single use and expiry.
@Suite("Passkeys: creation and request options, challenges")
struct PasskeyOptionsTests {
    let relyingParty = PasskeyRelyingParty(id: "localhost", name: "My App", origins: ["http://localhost:3000"])
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test("creation options: base64url challenge and user id, rp, ES256 then RS256, excluded credentials, resident key, no attestation")
    func creationOptions() throws {
        let challenge = PasskeyChallenge.issue(now: now, lifetimeSeconds: 300)
        let existing = RegisteredPasskeyCredential(
            credentialID: [1, 2, 3], publicKeyCOSE: [], algorithm: .es256, signCount: 0, aaguid: [], backupEligible: true, backedUp: true,
            userVerified: true, transports: ["internal"], attestation: .none)
        let options = PasskeyCreationOptions(
            challenge: challenge, relyingParty: relyingParty, userHandle: [0xFB, 0xFF], userName: "ada@example.com", displayName: "Ada",
            existing: [existing], userVerification: .required, timeoutMilliseconds: 300_000)
        let json = try Self.object(try PasskeyNonce.encode(options))
        #expect(json["challenge"] as? String == Base64URL.encode(challenge.bytes))
        #expect(challenge.bytes.count == 32)
        #expect(json["rp"] as? [String: String] == ["id": "localhost", "name": "My App"])
        #expect(json["user"] as? [String: String] == ["id": "-_8", "name": "ada@example.com", "displayName": "Ada"])
        let parameters = try #require(json["pubKeyCredParams"] as? [[String: Any]])
        #expect(parameters.map { $0["alg"] as? Int } == [-7, -257])
        #expect(parameters.allSatisfy { $0["type"] as? String == "public-key" })
        let excluded = try #require(json["excludeCredentials"] as? [[String: Any]])
        #expect(excluded.first?["id"] as? String == "AQID")
        #expect(excluded.first?["transports"] as? [String] == ["internal"])
        let selection = try #require(json["authenticatorSelection"] as? [String: Any])
        #expect(selection["residentKey"] as? String == "required")
        #expect(selection["userVerification"] as? String == "required")
        #expect(json["attestation"] as? String == "none")
        #expect(json["timeout"] as? Int == 300_000)
    }

    @Test("request options: challenge, rpId, allowed credentials (none for a discoverable sign-in), user verification, timeout")
    func requestOptions() throws {
        let challenge = PasskeyChallenge.issue(now: now, lifetimeSeconds: 300)
        let options = PasskeyRequestOptions(
            challenge: challenge, relyingParty: relyingParty, allowed: [], userVerification: .preferred, timeoutMilliseconds: 60_000)
        let json = try Self.object(try PasskeyNonce.encode(options))
        #expect(json["challenge"] as? String == challenge.encoded)
        #expect(json["rpId"] as? String == "localhost")
        #expect((json["allowCredentials"] as? [Any])?.isEmpty == true)
        #expect(json["userVerification"] as? String == "preferred")
        #expect(json["timeout"] as? Int == 60_000)
        #expect(try JSONDecoder().decode(PasskeyRequestOptions.self, from: Data(try PasskeyNonce.encode(options).utf8)) == options)
    }

    @Test("a challenge is taken once, and not after it expires; two challenges differ")
    func challengeLifecycle() throws {
        var challenge = PasskeyChallenge.issue(now: now, lifetimeSeconds: 300)
        #expect(PasskeyChallenge.issue(now: now, lifetimeSeconds: 300).bytes != challenge.bytes)
        var late = challenge
        #expect(throws: PasskeyChallenge.Unavailable.expired) { try late.take(now: now.addingTimeInterval(300)) }
        #expect(try challenge.take(now: now.addingTimeInterval(299)) == challenge.bytes)
        #expect(throws: PasskeyChallenge.Unavailable.used) { try challenge.take(now: now) }
        #expect(PasskeyChallenge.Unavailable.used.frontendError.code == .passkeyInvalidVerification)
        #expect(PasskeyChallenge.Unavailable.expired.frontendError.code == .verificationExpired)
        let stored = try JSONDecoder().decode(PasskeyChallenge.self, from: try JSONEncoder().encode(challenge))
        #expect(stored == challenge)
    }
}
