import ClerkTesting
import ClerkTrustedDevice
import Foundation
import Testing

@testable import Clerk

/// A key store that signs nothing: fixed keys and signatures, and what it was asked.
actor ScriptedKeyStore: TrustedDeviceKeyStore {
    static let jwk = #"{"kty":"EC","crv":"P-256","x":"xx","y":"yy","alg":"ES256"}"#
    private(set) var kept: TrustedDeviceCredential?
    private(set) var keys: [String] = []
    private(set) var signed: [String] = []

    init(kept: TrustedDeviceCredential? = nil) {
        self.kept = kept
        keys = kept.map { [$0.keyID] } ?? []
    }

    func createKey() async throws(ClerkError) -> TrustedDeviceKey {
        let id = "key_\(keys.count + 1)"
        keys.append(id)
        return TrustedDeviceKey(keyID: id, publicKeyJWK: Self.jwk)
    }

    func sign(_ clientData: String, keyID: String, reason: String) async throws(ClerkError) -> String {
        signed.append(clientData)
        return "sig_over_\(keyID)"
    }

    func deleteKey(_ keyID: String) async throws(ClerkError) { keys.removeAll { $0 == keyID } }
    func credential() async throws(ClerkError) -> TrustedDeviceCredential? { kept }
    func keep(_ credential: TrustedDeviceCredential?) async throws(ClerkError) { kept = credential }
}

@Suite("Trusted devices: the wire")
struct TrustedDeviceWireTests {
    static let device = TrustedDevice(
        id: "td_1", platform: .iOS, appIdentifier: "com.example.app", name: "Phone", algorithm: .es256, status: .active,
        createdAt: Fixture.time, updatedAt: Fixture.time, lastUsedAt: nil, revokedAt: nil)
    static let challenge = TrustedDeviceChallenge(
        challenge: "c1", challengeID: "tdch_1", clientData: #"{"challenge":"c1"}"#, expiresAt: Fixture.time, algorithm: .es256)
    static let session = Fixture.session("sess_1", status: .active, user: Fixture.user())

    @Test("enrolment: prepare and attempt with the same fields, the signature over client_data; the credential is kept")
    func enrol() async throws {
        let harness = try await signedInHarness(
            Self.session, [.respond(Fixture.account(Self.challenge, session: Self.session)), .respond(Fixture.account(Self.device, session: Self.session))])
        let store = ScriptedKeyStore()
        let account = try await harness.client.account()
        let device = try await account.enrollTrustedDevice(using: store, appIdentifier: "com.example.app", name: "Phone")
        #expect(device.id == "td_1")
        let fields = [
            ("platform", "ios"), ("app_identifier", "com.example.app"), ("name", "Phone"), ("algorithm", "ES256"), ("public_key_jwk", ScriptedKeyStore.jwk),
        ]
        let sent = harness.accountRequests
        #expect(sent.count == 2)
        expectRequest(sent[0], .post, "/v1/me/trusted_devices/prepare", form: fields, sessionID: "sess_1")
        expectRequest(
            sent[1], .post, "/v1/me/trusted_devices/attempt",
            form: fields + [("client_data", #"{"challenge":"c1"}"#), ("signature", "sig_over_key_1")], sessionID: "sess_1")
        #expect(await store.signed == [#"{"challenge":"c1"}"#])
        #expect(await store.kept == TrustedDeviceCredential(trustedDeviceID: "td_1", keyID: "key_1", userID: "user_1"))
    }

    @Test("a refused enrolment removes the new key and keeps nothing")
    func refusedEnrolment() async throws {
        let harness = try await signedInHarness(
            Self.session,
            [.respond(Fixture.account(Self.challenge, session: Self.session)), .respond(Fixture.error(400, .trustedDeviceSignatureVerificationFailed))])
        let store = ScriptedKeyStore()
        let error = await clerkError { try await harness.client.account().enrollTrustedDevice(using: store, appIdentifier: "com.example.app") }
        #expect(error?.hasCode(.trustedDeviceSignatureVerificationFailed) == true)
        #expect(await store.keys.isEmpty)
        #expect(await store.kept == nil)
    }

    @Test("list, remove (forgetting the kept credential), validate")
    func listRemoveValidate() async throws {
        var revoked = Self.device
        revoked.status = .revoked
        let harness = try await signedInHarness(
            Self.session,
            [
                .respond(Fixture.account([Self.device], session: Self.session)), .respond(Fixture.account(revoked, session: Self.session)),
                .respond(Fixture.envelope(TrustedDeviceValidation(valid: false), client: nil)),
            ])
        let store = ScriptedKeyStore(kept: TrustedDeviceCredential(trustedDeviceID: "td_1", keyID: "key_9", userID: "user_1"))
        let account = try await harness.client.account()
        #expect(try await account.trustedDevices().map(\.id) == ["td_1"])
        #expect(try await account.removeTrustedDevice("td_1", forgettingIn: store).status == .revoked)
        #expect(await store.kept == nil)
        #expect(await store.keys.isEmpty)
        try await store.keep(TrustedDeviceCredential(trustedDeviceID: "td_2", keyID: "key_2", userID: "user_1"))
        #expect(try await harness.client.validateTrustedDevice(using: store) == false)
        #expect(await store.kept == nil, "an invalid device is forgotten")
        let sent = harness.accountRequests
        expectRequest(sent[0], .get, "/v1/me/trusted_devices", sessionID: "sess_1")
        expectRequest(sent[1], .delete, "/v1/me/trusted_devices/td_1", sessionID: "sess_1")
        expectRequest(sent[2], .post, "/v1/client/trusted_devices/validate", form: [("trusted_device_id", "td_2")])
    }

    @Test("sign-in: {strategy: trusted_device, trusted_device_id}, then the signature over the challenge's client_data")
    func signIn() async throws {
        var challenge = Self.challenge
        challenge.trustedDeviceID = "td_1"
        let encoded = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(challenge))
        var verification = Fixture.verification(.trustedDevice)
        verification.trustedDeviceChallenge = encoded
        let started = Fixture.signIn(status: .needsFirstFactor, identifier: nil, first: nil, firstVerification: verification)
        let done = Fixture.signIn(status: .complete, first: nil, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(started, client: Fixture.client(signIn: started))),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let store = ScriptedKeyStore(kept: TrustedDeviceCredential(trustedDeviceID: "td_1", keyID: "key_1", userID: "user_1"))
        let signIn = try await harness.client.signInWithTrustedDevice(using: store)
        #expect(signIn.status == .complete)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "trusted_device"), ("trusted_device_id", "td_1")])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor",
            form: [
                ("strategy", "trusted_device"), ("signature", "sig_over_key_1"), ("trusted_device_id", "td_1"), ("client_data", challenge.clientData),
                ("algorithm", "ES256"),
            ])
    }

    @Test("a device Clerk no longer knows is forgotten; nothing enrolled is refused before any request")
    func notRegistered() async throws {
        let harness = Harness([.respond(Fixture.error(422, .trustedDeviceNotRegistered))])
        let store = ScriptedKeyStore(kept: TrustedDeviceCredential(trustedDeviceID: "td_gone", keyID: "key_1", userID: "user_1"))
        let error = await clerkError { try await harness.client.signInWithTrustedDevice(using: store) }
        #expect(error?.hasCode(.trustedDeviceNotRegistered) == true)
        #expect(await store.kept == nil)
        #expect(await store.keys.isEmpty)
        let empty = Harness([])
        let refused = await clerkError { try await empty.client.signInWithTrustedDevice(using: ScriptedKeyStore()) }
        #expect(refused == .invalidInput(InvalidInput(field: "trusted_device_id", reason: "this device is not enrolled")))
        #expect(empty.requests.isEmpty)
    }

    @Test("ClerkKit's recorded shapes decode: a trusted device, a sign-in's challenge without trusted_device_id, a validation without object")
    func payloads() throws {
        let device = try JSONDecoder().decode(
            TrustedDevice.self,
            from: Data(
                #"{"id":"tdc_123","object":"trusted_device","platform":"ios","app_identifier":"com.clerk.example","name":"Sean's iPhone","algorithm":"ES256","status":"active","created_at":1710000000000,"updated_at":1710000001000,"last_used_at":1710000002000,"revoked_at":null}"#
                    .utf8))
        #expect(device.status == .active && device.lastUsedAt?.millisecondsSince1970 == 1_710_000_002_000)
        let verification = try JSONDecoder().decode(
            Verification.self,
            from: Data(
                #"{"status":"unverified","strategy":"trusted_device","trusted_device_challenge":{"object":"trusted_device_challenge","challenge":"challenge-value","challenge_id":"tdc_123","client_data":"client-data-to-sign","expires_at":1720000005000,"algorithm":"ES256"}}"#
                    .utf8))
        #expect(try TrustedDeviceStrategy().challenge(of: verification).clientData == "client-data-to-sign")
        let validation = try JSONDecoder().decode(
            ClientEnvelope<TrustedDeviceValidation, ClientResource>.self, from: Data(#"{"response":{"valid":true},"client":null}"#.utf8))
        #expect(validation.response.valid == true)
    }
}
