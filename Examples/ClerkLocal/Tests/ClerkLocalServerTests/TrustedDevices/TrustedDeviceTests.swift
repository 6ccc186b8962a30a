import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Trusted devices (guide: biometric-sign-in): enrolment, the list, removal, validation, and signing in with the
/// device's signature over the server's challenge; each refusal answers Clerk's code and changes nothing.
@Suite("Trusted devices")
struct TrustedDeviceTests {
    private func expectRefusedUnchanged(
        _ server: TestServer, _ answer: () async throws -> FAPIClient.Answer, status: Int, code: String, param: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = try await server.trustedDeviceState()
        expectError(try await answer(), status: status, code: code, param: param, sourceLocation: sourceLocation)
        #expect(try await server.trustedDeviceState() == before, "a refusal changed the state", sourceLocation: sourceLocation)
    }

    @Test("Enrol, list, sign in with the device (no password, no second factor), validate, remove")
    func lifecycle() async throws {
        try await withServer(.withTrustedDevices) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.authConfig?.nativeSettings?.trustedDeviceSignInEnabled == true)
            let laptop = server.client()
            let key = DeviceKey()
            let account = try await server.trustedDeviceAccount(laptop, key)
            let listed = try await laptop.me("GET", "/trusted_devices", session: account.sessionID).response([TrustedDevice].self)
            #expect(listed.map(\.id) == [account.deviceID])
            #expect(listed.first?.appIdentifier == "com.example.app" && listed.first?.name == "Test phone" && listed.first?.lastUsedAt == nil)

            let phone = server.client()
            let started = try await phone.startTrustedDeviceSignIn(account.deviceID)
            let challenge = try started.trustedDeviceChallenge
            #expect(challenge.trustedDeviceID == account.deviceID)
            #expect(try started.signIn.status == .needsFirstFactor)
            let done = try await phone.signInAction(
                try started.signIn.id, "attempt_first_factor",
                [
                    ("strategy", "trusted_device"), ("trusted_device_id", account.deviceID), ("client_data", challenge.clientData),
                    ("signature", try key.sign(challenge.clientData)), ("algorithm", "ES256"),
                ])
            let completed = try done.signIn
            #expect(completed.status == .complete && completed.createdSessionID != nil, "\(done.text)")

            let valid = try await phone.send("POST", "/v1/client/trusted_devices/validate", form: [("trusted_device_id", account.deviceID)])
            #expect(try valid.response(TrustedDeviceValidation.self).valid == true)
            let removed = try await laptop.me("DELETE", "/trusted_devices/\(account.deviceID)", session: account.sessionID)
                .response(TrustedDevice.self)
            #expect(removed.status == .revoked && removed.revokedAt != nil)
            #expect(try await laptop.me("GET", "/trusted_devices", session: account.sessionID).response([TrustedDevice].self).isEmpty)
            let invalid = try await phone.send("POST", "/v1/client/trusted_devices/validate", form: [("trusted_device_id", account.deviceID)])
            #expect(try invalid.response(TrustedDeviceValidation.self).valid == false)
        }
    }

    @Test("Sign-in refusals: unknown device, removed device, locked user, wrong key, replayed signature, another challenge's client data")
    func signInRefusals() async throws {
        try await withServer(.withTrustedDevices) { server in
            let key = DeviceKey()
            let owner = server.client()
            let account = try await server.trustedDeviceAccount(owner, key)
            let phone = server.client()
            try await expectRefusedUnchanged(
                server, { try await phone.startTrustedDeviceSignIn("td_unknown") }, status: 422, code: "trusted_device_not_registered",
                param: "trusted_device_id")

            await server.core.store.lock(userID: account.userID)
            try await expectRefusedUnchanged(server, { try await phone.startTrustedDeviceSignIn(account.deviceID) }, status: 403, code: "user_locked")
            await server.core.store.unlock(userID: account.userID)

            let started = try await phone.startTrustedDeviceSignIn(account.deviceID)
            let signInID = try started.signIn.id
            let challenge = try started.trustedDeviceChallenge
            func attempt(_ clientData: String, _ signature: String) async throws -> FAPIClient.Answer {
                try await phone.signInAction(
                    signInID, "attempt_first_factor",
                    [("strategy", "trusted_device"), ("trusted_device_id", account.deviceID), ("client_data", clientData), ("signature", signature)])
            }
            let wrongKey = try DeviceKey().sign(challenge.clientData)
            try await expectRefusedUnchanged(
                server, { try await attempt(challenge.clientData, wrongKey) }, status: 400, code: "trusted_device_signature_verification_failed")
            let other = challenge.clientData.replacingOccurrences(of: challenge.challengeID, with: "tdch_other")
            try await expectRefusedUnchanged(
                server, { try await attempt(other, try key.sign(other)) }, status: 400, code: "trusted_device_challenge_not_found")

            // After every refusal the challenge still answers, once.
            let signature = try key.sign(challenge.clientData)
            #expect(try await attempt(challenge.clientData, signature).signIn.status == .complete)

            // The same client data and signature replayed to a new sign-in name a used challenge.
            let stranger = server.client()
            let next = try await stranger.startTrustedDeviceSignIn(account.deviceID)
            try await expectRefusedUnchanged(
                server,
                {
                    try await stranger.signInAction(
                        try next.signIn.id, "attempt_first_factor",
                        [
                            ("strategy", "trusted_device"), ("trusted_device_id", account.deviceID), ("client_data", challenge.clientData),
                            ("signature", signature),
                        ])
                }, status: 400, code: "trusted_device_challenge_not_found")

            // Removed between the challenge and the signature: refused, the challenge left as it was.
            let fresh = try next.trustedDeviceChallenge
            _ = try await owner.me("DELETE", "/trusted_devices/\(account.deviceID)", session: account.sessionID)
            try await expectRefusedUnchanged(
                server,
                {
                    try await stranger.signInAction(
                        try next.signIn.id, "attempt_first_factor",
                        [
                            ("strategy", "trusted_device"), ("trusted_device_id", account.deviceID), ("client_data", fresh.clientData),
                            ("signature", try key.sign(fresh.clientData)),
                        ])
                }, status: 422, code: "trusted_device_not_registered", param: "trusted_device_id")
            try await expectRefusedUnchanged(
                server, { try await server.client().startTrustedDeviceSignIn(account.deviceID) }, status: 422, code: "trusted_device_not_registered")
        }
    }

    @Test("Enrolment refusals: a wrong signature, another key, a bad JWK, an app not configured, the feature off, an enrolled key again")
    func enrolmentRefusals() async throws {
        var settings = InstanceSettings.withTrustedDevices
        settings.trustedDevices?.appIdentifiers = ["com.example.app"]
        try await withServer(settings) { server in
            let device = server.client()
            let key = DeviceKey()
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let signIn = try await device.signIn([("identifier", try #require(user.emailAddress)), ("password", Fixture.password)]).signIn
            let session = try #require(signIn.createdSessionID)
            func me(_ path: String, _ form: [(String, String)]) async throws -> FAPIClient.Answer {
                try await device.me("POST", path, session: session, form: form)
            }
            try await expectRefusedUnchanged(
                server, { try await me("/trusted_devices/prepare", server.enrolmentForm(key, app: "com.evil.app")) }, status: 400,
                code: "trusted_device_app_identifier_not_configured")
            var badJWK = server.enrolmentForm(key)
            badJWK[4] = ("public_key_jwk", #"{"kty":"EC","crv":"P-256","x":"AAAA","y":"AAAA"}"#)
            try await expectRefusedUnchanged(
                server, { try await me("/trusted_devices/prepare", badJWK) }, status: 422, code: "trusted_device_invalid_public_key", param: "public_key_jwk")

            let challenge = try await me("/trusted_devices/prepare", server.enrolmentForm(key)).response(TrustedDeviceChallenge.self)
            #expect(challenge.trustedDeviceID == nil)
            let wrong = try DeviceKey().sign(challenge.clientData)
            try await expectRefusedUnchanged(
                server,
                { try await me("/trusted_devices/attempt", server.enrolmentForm(key, extra: [("client_data", challenge.clientData), ("signature", wrong)])) },
                status: 400, code: "trusted_device_signature_verification_failed")
            let other = DeviceKey()
            try await expectRefusedUnchanged(
                server,
                {
                    try await me(
                        "/trusted_devices/attempt",
                        server.enrolmentForm(other, extra: [("client_data", challenge.clientData), ("signature", try other.sign(challenge.clientData))]))
                }, status: 400, code: "trusted_device_challenge_not_found")
            let enrolled = try await me(
                "/trusted_devices/attempt",
                server.enrolmentForm(key, extra: [("client_data", challenge.clientData), ("signature", try key.sign(challenge.clientData))])
            ).response(TrustedDevice.self)
            #expect(enrolled.status == .active)
            try await expectRefusedUnchanged(
                server, { try await me("/trusted_devices/prepare", server.enrolmentForm(key)) }, status: 409, code: "trusted_device_already_enrolled")
        }
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let device = server.client()
            try await expectRefusedUnchanged(
                server, { try await device.startTrustedDeviceSignIn("td_any") }, status: 403, code: "feature_not_enabled")
        }
    }
}

extension FrontendStore {
    func unlock(userID: String) {
        state.directory.users[userID]?.lockout.lockedUntil = nil
    }
}
