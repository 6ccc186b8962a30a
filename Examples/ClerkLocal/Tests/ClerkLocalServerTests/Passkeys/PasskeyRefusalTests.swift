import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Every refused passkey registration or assertion answers Clerk's code and changes nothing: no user, passkey,
/// counter, challenge, sign-in or client differs, and the same options can still be answered.
@Suite("Passkeys: refusals change nothing")
struct PasskeyRefusalTests {
    private func expectRefusedUnchanged(
        _ server: TestServer, _ answer: () async throws -> FAPIClient.Answer, status: Int, code: String, param: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try await server.passkeyState()
        expectError(try await answer(), status: status, code: code, param: param, sourceLocation: sourceLocation)
        #expect(try await server.passkeyState() == before, "a refusal changed the state", sourceLocation: sourceLocation)
    }

    @Test("Registration responses: another origin, another challenge, malformed, the wrong strategy, none, a credential already registered")
    func registration() async throws {
        try await withServer(SettingsPreset.passkeys.settings) { server in
            let device = server.client()
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let email = try #require(user.emailAddress)
            let signedIn = try await device.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            let session = try #require(signedIn.createdSessionID)
            let pending = try await device.me("POST", "/passkeys", session: session).response(Passkey.self)
            let nonce = try #require(pending.verification?.nonce)
            let path = "/passkeys/\(pending.id)/attempt_verification"
            func attempt(_ credential: String, strategy: String = "passkey") async throws -> FAPIClient.Answer {
                try await device.me("POST", path, session: session, form: [("strategy", strategy), ("public_key_credential", credential)])
            }

            var foreign = OptionsAuthenticator()
            foreign.origin = "https://evil.example"
            let fromElsewhere = try foreign.create(nonce)
            try await expectRefusedUnchanged(
                server, { try await attempt(fromElsewhere) }, status: 422, code: "passkey_invalid_public_key_credential", param: "public_key_credential")
            var other = OptionsAuthenticator()
            let otherChallenge = try other.create(
                nonce.replacingOccurrences(of: try challenge(of: nonce), with: Base64URL.encode([UInt8](repeating: 7, count: 32))))
            try await expectRefusedUnchanged(server, { try await attempt(otherChallenge) }, status: 400, code: "passkey_invalid_verification")
            try await expectRefusedUnchanged(
                server, { try await attempt("{not json") }, status: 422, code: "passkey_invalid_public_key_credential", param: "public_key_credential")
            var good = OptionsAuthenticator()
            let registration = try good.create(nonce)
            try await expectRefusedUnchanged(server, { try await attempt(registration, strategy: "password") }, status: 400, code: "strategy_for_user_invalid")
            try await expectRefusedUnchanged(
                server, { try await device.me("POST", path, session: session, form: [("strategy", "passkey")]) }, status: 422, code: "form_param_missing")

            // The options are still good after every refusal, once.
            let verified = try await attempt(registration).response(Passkey.self)
            #expect(verified.verification?.status == .verified)
            try await expectRefusedUnchanged(server, { try await attempt(registration) }, status: 400, code: "verification_already_verified")

            // The same authenticator's credential cannot be registered again, for this user or another.
            let again = try await device.me("POST", "/passkeys", session: session).response(Passkey.self)
            let duplicate = try good.create(try #require(again.verification?.nonce))
            try await expectRefusedUnchanged(
                server,
                {
                    try await device.me(
                        "POST", "/passkeys/\(again.id)/attempt_verification", session: session,
                        form: [("strategy", "passkey"), ("public_key_credential", duplicate)])
                },
                status: 422, code: "passkey_invalid_public_key_credential", param: "public_key_credential")
        }
    }

    @Test("Assertions: replayed, tampered, from another origin, of an unknown credential, a counter gone back, another user's passkey")
    func assertions() async throws {
        try await withServer(SettingsPreset.passkeys.settings) { server in
            var authenticator = OptionsAuthenticator()
            let account = try await server.passkeyAccount(server.client(), &authenticator)
            let device = server.client()
            let first = try await device.signIn([("strategy", "passkey")])
            let firstAssertion = try authenticator.get(try first.passkeyNonce)
            let done = try await device.signInAction(
                try first.signIn.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", firstAssertion)])
            #expect(try done.signIn.status == .complete)

            let replayDevice = server.client()
            let started = try await replayDevice.signIn([("strategy", "passkey")])
            let id = try started.signIn.id
            func attempt(_ credential: String) async throws -> FAPIClient.Answer {
                try await replayDevice.signInAction(id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", credential)])
            }
            // The first sign-in's assertion, sent again to a new sign-in: its challenge is not this one's.
            try await expectRefusedUnchanged(server, { try await attempt(firstAssertion) }, status: 400, code: "passkey_invalid_verification")

            let nonce = try started.passkeyNonce
            var tampered = authenticator
            let signed = try tampered.get(nonce)
            let signature = try #require(signed.range(of: #""signature":""#))
            let flipped = signed.replacingCharacters(
                in: signature.upperBound..<signed.index(signature.upperBound, offsetBy: 8), with: "AAAAAAAA")
            try await expectRefusedUnchanged(server, { try await attempt(flipped) }, status: 400, code: "passkey_authentication_failure")

            var elsewhere = authenticator
            elsewhere.origin = "https://evil.example"
            let fromElsewhere = try elsewhere.get(nonce)
            try await expectRefusedUnchanged(server, { try await attempt(fromElsewhere) }, status: 400, code: "passkey_authentication_failure")

            var stranger = OptionsAuthenticator()
            let unknown = try stranger.get(nonce)
            try await expectRefusedUnchanged(server, { try await attempt(unknown) }, status: 404, code: "passkey_not_registered")

            var cloned = authenticator
            cloned.signCount = 0  // its next assertion says 1, the stored counter is already 1
            let backwards = try cloned.get(nonce)
            try await expectRefusedUnchanged(server, { try await attempt(backwards) }, status: 400, code: "passkey_authentication_failure")

            try await expectRefusedUnchanged(
                server, { try await attempt("[]") }, status: 422, code: "passkey_invalid_public_key_credential", param: "public_key_credential")

            // Another user's sign-in by identifier does not accept this user's passkey.
            var otherAuthenticator = OptionsAuthenticator()
            let other = try await server.passkeyAccount(server.client(), &otherAuthenticator)
            let named = server.client()
            let identified = try await named.signIn([("identifier", try #require(other.user.emailAddress))]).signIn
            let prepared = try await named.signInAction(identified.id, "prepare_first_factor", [("strategy", "passkey")])
            let wrongUser = try authenticator.get(try prepared.passkeyNonce)
            try await expectRefusedUnchanged(
                server,
                { try await named.signInAction(identified.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", wrongUser)]) },
                status: 404, code: "passkey_not_registered")

            // After all that, the challenge still takes the genuine assertion, once.
            let genuine = try authenticator.get(nonce)
            #expect(try await attempt(genuine).signIn.status == .complete)
            #expect(account.passkeyID.hasPrefix("pk_"))
        }
    }

    @Test("An expired challenge answers verification_expired and changes nothing")
    func expired() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.passkeys.settings, now: { clock.now() }) { server in
            var authenticator = OptionsAuthenticator()
            _ = try await server.passkeyAccount(server.client(), &authenticator)
            let device = server.client()
            let started = try await device.signIn([("strategy", "passkey")])
            let assertion = try authenticator.get(try started.passkeyNonce)
            clock.advance(by: .seconds(301))
            try await expectRefusedUnchanged(
                server,
                {
                    try await device.signInAction(
                        try started.signIn.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", assertion)])
                },
                status: 400, code: "verification_expired")
            // A new challenge for the same sign-in.
            let again = try await device.signInAction(try started.signIn.id, "prepare_first_factor", [("strategy", "passkey")])
            let fresh = try authenticator.get(try again.passkeyNonce)
            let done = try await device.signInAction(
                try started.signIn.id, "attempt_first_factor", [("strategy", "passkey"), ("public_key_credential", fresh)])
            #expect(try done.signIn.status == .complete)
        }
    }

    @Test("A passkey sign-in names no identifier")
    func identifierRefused() async throws {
        try await withServer(SettingsPreset.passkeys.settings) { server in
            try await expectRefusedUnchanged(
                server, { try await server.client().signIn([("strategy", "passkey"), ("identifier", "someone@example.com")]) }, status: 422,
                code: "form_param_unknown", param: "identifier")
        }
    }

    private func challenge(of nonce: String) throws -> String {
        try JSONDecoder().decode(PasskeyCreationOptions.self, from: Data(nonce.utf8)).challenge
    }
}
