import Foundation
import Testing

@testable import ClerkLocalCore

/// Another implementation's authenticator, Python's soft-webauthn, against the relying-party core: it reads
/// the core's creation and request options (the JSON a verification's `nonce` carries), registers a P-256
/// credential and signs twice, and the core verifies what it wrote.
@Suite("Interoperability: soft-webauthn", .enabled(TestTools.missing("Python's soft-webauthn")) { TestTools.pythonImports("soft_webauthn") })
struct SoftWebAuthnInteropTests {
    /// Reads the options as a browser would (base64url to bytes), runs `create` and two `get`s, and prints
    /// each response as WebAuthn's JSON serialization, one a line (`id` as soft-webauthn writes it, padded).
    static let script = """
        import base64, json, sys
        from soft_webauthn import SoftWebauthnDevice
        def decode(text): return base64.urlsafe_b64decode(text + '=' * (-len(text) % 4))
        def encode(data): return base64.urlsafe_b64encode(data).decode('ascii').rstrip('=')
        def serialize(credential):
            response = {name: encode(value) for name, value in credential['response'].items() if value is not None}
            return json.dumps({'id': credential['id'].decode('ascii'), 'rawId': encode(credential['rawId']),
                               'type': credential['type'], 'response': response})
        creation, request, origin = json.loads(sys.argv[1]), json.loads(sys.argv[2]), sys.argv[3]
        creation['challenge'] = decode(creation['challenge'])
        creation['user']['id'] = decode(creation['user']['id'])
        request['challenge'] = decode(request['challenge'])
        device = SoftWebauthnDevice()
        print(serialize(device.create({'publicKey': creation}, origin)))
        for _ in range(2):
            print(serialize(device.get({'publicKey': request}, origin)))
        """

    @Test("soft-webauthn registers from the core's creation options and signs in from its request options; a replay is refused")
    func registersAndSignsIn() async throws {
        let origin = "http://localhost:3000"
        let relyingParty = PasskeyRelyingParty(id: "localhost", name: "Clerk Local", origins: [origin])
        let now = Date()
        var creationChallenge = PasskeyChallenge.issue(now: now, lifetimeSeconds: 300)
        var requestChallenge = PasskeyChallenge.issue(now: now, lifetimeSeconds: 300)
        let handle = SecureRandom.bytes(16)
        let creation = PasskeyCreationOptions(
            challenge: creationChallenge, relyingParty: relyingParty, userHandle: handle, userName: "ada@example.com", displayName: "Ada",
            existing: [], userVerification: .preferred, timeoutMilliseconds: 300_000)
        let request = PasskeyRequestOptions(
            challenge: requestChallenge, relyingParty: relyingParty, allowed: [], userVerification: .preferred, timeoutMilliseconds: 300_000)
        let output = try await Python.run(Self.script, try PasskeyNonce.encode(creation), try PasskeyNonce.encode(request), origin)
        let lines = output.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(output)")

        // soft-webauthn sets UP and AT, not UV: the options asked "preferred".
        var credential = try relyingParty.verifyRegistration(
            lines[0], challenge: try creationChallenge.take(now: now), requireUserVerification: false)
        #expect(credential.algorithm == .es256)
        #expect(credential.signCount == 0)
        #expect(credential.attestation == .none)
        #expect(!credential.userVerified)
        let challenge = try requestChallenge.take(now: now)
        let first = try relyingParty.verifyAssertion(
            lines[1], credential: credential, challenge: challenge, requireUserVerification: false, userHandle: handle)
        #expect(first.newSignCount == 1)
        #expect(first.userHandle == handle)
        credential.signCount = first.newSignCount
        let second = try relyingParty.verifyAssertion(
            lines[2], credential: credential, challenge: challenge, requireUserVerification: false, userHandle: handle)
        #expect(second.newSignCount == 2)
        credential.signCount = second.newSignCount

        #expect(throws: PasskeyRefusal(.authentication, .signCountNotIncreased(stored: 2, received: 1))) {
            try relyingParty.verifyAssertion(lines[1], credential: credential, challenge: challenge, requireUserVerification: false)
        }
        #expect(throws: PasskeyRefusal(.authentication, .userNotVerified)) {
            try relyingParty.verifyAssertion(lines[2], credential: credential, challenge: challenge, requireUserVerification: true)
        }
        let elsewhere = PasskeyRelyingParty(id: "localhost", name: "Clerk Local", origins: ["https://app.example.com"])
        #expect(throws: PasskeyRefusal(.registration, .originNotAllowed(origin))) {
            try elsewhere.verifyRegistration(lines[0], challenge: creationChallenge.bytes, requireUserVerification: false)
        }
    }
}

/// Another relying party, Python's py_webauthn, reading the options the core writes into a verification's
/// `nonce`: its parsers check every member's name, type and value.
@Suite("Interoperability: py_webauthn reads the passkey options", .enabled(TestTools.missing("Python's webauthn")) { TestTools.pythonImports("webauthn") })
struct PyWebAuthnOptionsInteropTests {
    @Test("py_webauthn parses the creation and request options: challenge, rp, user, algorithms, exclusions, selection, attestation")
    func parsesOptions() async throws {
        let relyingParty = PasskeyRelyingParty(id: "localhost", name: "Clerk Local", origins: ["http://localhost:3000"])
        let challenge = PasskeyChallenge.issue(now: Date(), lifetimeSeconds: 300)
        let existing = RegisteredPasskeyCredential(
            credentialID: [1, 2, 3, 4], publicKeyCOSE: [], algorithm: .es256, signCount: 0, aaguid: [], backupEligible: true, backedUp: true,
            userVerified: true, transports: ["internal", "hybrid"], attestation: .none)
        let creation = PasskeyCreationOptions(
            challenge: challenge, relyingParty: relyingParty, userHandle: [9, 8, 7], userName: "ada@example.com", displayName: "Ada",
            existing: [existing], userVerification: .required, timeoutMilliseconds: 300_000)
        let request = PasskeyRequestOptions(
            challenge: challenge, relyingParty: relyingParty, allowed: [existing], userVerification: .required, timeoutMilliseconds: 60_000)
        let script = """
            import sys
            from webauthn.helpers import parse_registration_options_json, parse_authentication_options_json
            c = parse_registration_options_json(sys.argv[1])
            r = parse_authentication_options_json(sys.argv[2])
            print(c.challenge.hex(), c.rp.id, c.rp.name, c.user.id.hex(), c.user.name, c.user.display_name,
                  ','.join(str(p.alg.value) for p in c.pub_key_cred_params), c.exclude_credentials[0].id.hex(),
                  ','.join(t.value for t in c.exclude_credentials[0].transports), c.authenticator_selection.resident_key.value,
                  c.authenticator_selection.user_verification.value, c.attestation.value, c.timeout, sep='|')
            print(r.challenge.hex(), r.rp_id, r.allow_credentials[0].id.hex(), r.user_verification.value, r.timeout, sep='|')
            """
        let output = try await Python.run(script, try PasskeyNonce.encode(creation), try PasskeyNonce.encode(request))
        let lines = output.split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
        try #require(lines.count == 2, "\(output)")
        let hex = challenge.bytes.map { String(format: "%02x", $0) }.joined()
        #expect(
            lines[0] == [
                hex, "localhost", "Clerk Local", "090807", "ada@example.com", "Ada", "-7,-257", "01020304", "internal,hybrid", "required", "required",
                "none", "300000",
            ])
        #expect(lines[1] == [hex, "localhost", "01020304", "required", "60000"])
    }
}
