import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// A pending session (`setup-mfa`, `reset-password`) reads its user, signs out and resolves its
/// tasks; it gets no JWT template token (which carries no `sts`) and changes nothing else.
@Suite("Security: a pending session reaches only its tasks")
struct PendingSessionTests {
    static var settings: InstanceSettings {
        var settings = mfaRequiredSettings
        settings.jwtTemplates = [JWTTemplate(name: "backend", lifetimeSeconds: 60, claims: ["role": .string("user")])]
        settings.singleSessionMode = false
        return settings
    }

    @Test("No template token for a pending session; the plain token says pending; after setup-mfa both are given")
    func templateTokens() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(Self.settings, now: { clock.now() }) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            #expect(try await device.send("GET", "/v1/client").client?.sessions.first?.status == .pending)

            let plain = try await device.send("POST", "/v1/client/sessions/\(account.sessionID)/tokens")
            #expect(plain.status == 200, "the plain token is given, with sts: pending")
            let template = try await device.send("POST", "/v1/client/sessions/\(account.sessionID)/tokens/backend")
            expectError(template, status: 400, code: "invalid_action_for_session")

            let enrolment = try await device.me("POST", "/totp", session: account.sessionID)
            let secret = try #require(try enrolment.response(TOTPResource.self).secret)
            let code = try #require(LocalTOTP(base32Secret: secret)).code(at: clock.now())
            let verified = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", code)])
            #expect(try session(account.sessionID, in: verified)?.status == .active)
            #expect(try await device.send("POST", "/v1/client/sessions/\(account.sessionID)/tokens/backend").status == 200)
        }
    }

    @Test("A pending session reads itself and signs out, but cannot change the account or other sessions")
    func accountAPI() async throws {
        try await withServer(Self.settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let id = account.sessionID
            #expect(try await device.me("GET", session: id).status == 200)
            #expect(try await device.me("GET", "/email_addresses", session: id).status == 200)
            let refused: [(String, String, [(String, String)])] = [
                ("PATCH", "", [("first_name", "Mallory")]),
                ("POST", "/email_addresses", [("email_address", Fixture.email("second"))]),
                ("DELETE", "/totp", []),
            ]
            for (method, path, form) in refused {
                expectError(try await device.me(method, path, session: id, form: form), status: 400, code: "invalid_action_for_session")
            }
            expectError(try await device.me("GET", "/sessions/active", session: id), status: 400, code: "invalid_action_for_session")
            #expect(await server.core.store.users.values.first?.firstName == nil, "nothing changed")
            #expect(await server.core.store.users.values.first?.emails.count == 1)
            // Setting up the second factor is the task itself.
            #expect(try await device.me("POST", "/totp", session: id).status == 200)
            #expect(try await device.send("POST", "/v1/client/sessions/\(id)/end").status == 200, "signing out works")
        }
    }
}
