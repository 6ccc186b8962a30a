import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: one rule decides whether a session is live")
struct SessionLivenessTests {
    /// Signs up with a `+clerk_test` address and 424242; answers the new session's id.
    private func signedUp(_ device: FAPIClient, email: String) async throws -> String {
        let created = try await device.signUp([("email_address", email)]).signUp
        try await device.signUpAction(created.id, "prepare_verification", [("strategy", "email_code")])
        let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "email_code"), ("code", "424242")])
        return try #require(try done.signUp.createdSessionID)
    }

    @Test("An expired session shows as expired, mints no token anywhere, and no longer blocks a sign-in")
    func expiredSession() async throws {
        let clock = ManualClock(now: Date())
        var settings = SettingsPreset.emailCode.settings
        settings.sessions.lifetimeSeconds = 4
        try await withServer(settings, now: { clock.now() }) { server in
            let device = server.client()
            let email = Fixture.testEmail()
            let sessionID = try await signedUp(device, email: email)
            clock.advance(by: .seconds(5))

            let client = try #require(try await device.send("GET", "/v1/client").client)
            let session = try #require(client.sessions.first { $0.id == sessionID })
            #expect(session.status == .expired)
            #expect(session.lastActiveToken == nil)
            #expect(client.lastActiveSessionID == nil)

            let token = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens")
            expectError(token, status: 401, code: "authentication_invalid")
            let touch = try await device.send("POST", "/v1/client/sessions/\(sessionID)/touch")
            expectError(touch, status: 401, code: "authentication_invalid")
            let again = try await device.signIn([("identifier", email), ("strategy", "email_code")])
            #expect(again.status == 200, "no session_exists: \(String(decoding: again.data, as: UTF8.self))")
        }
    }

    @Test("Inactivity expires a session that is neither touched nor asked for a token")
    func inactivity() async throws {
        let clock = ManualClock(now: Date())
        var settings = SettingsPreset.emailCode.settings
        settings.sessions.inactivityTimeoutSeconds = 60
        try await withServer(settings, now: { clock.now() }) { server in
            let device = server.client()
            let sessionID = try await signedUp(device, email: Fixture.testEmail())
            clock.advance(by: .seconds(45))
            let kept = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens")
            #expect(kept.status == 200, "activity within the timeout keeps the session")
            clock.advance(by: .seconds(45))
            #expect(try await device.send("GET", "/v1/client").client?.sessions.first?.status == .active)
            clock.advance(by: .seconds(16))
            let client = try #require(try await device.send("GET", "/v1/client").client)
            #expect(client.sessions.first?.status == .expired)
            #expect(client.sessions.first?.lastActiveToken == nil)
            let token = try await device.send("POST", "/v1/client/sessions/\(sessionID)/tokens")
            expectError(token, status: 401, code: "authentication_invalid")
        }
    }

    @Test("The rule itself: status, lifetime and inactivity")
    func rule() {
        let start = Date(timeIntervalSince1970: 1_000_000)
        let session = SessionRecord(
            id: "sess_1", clientID: "client_1", userID: "user_1", status: .active, tasks: [],
            firstFactorVerifiedAt: start, secondFactorVerifiedAt: nil, lastActiveAt: start,
            expireAt: start.addingTimeInterval(100), abandonAt: start.addingTimeInterval(400), createdAt: start, updatedAt: start)
        let plain = SessionSettings()
        let idle = SessionSettings(inactivityTimeoutSeconds: 10)
        #expect(session.isLive(at: start.addingTimeInterval(99), settings: plain))
        #expect(session.status(at: start.addingTimeInterval(100), settings: plain) == .expired)
        #expect(session.status(at: start.addingTimeInterval(10), settings: idle) == .expired)
        var ended = session
        ended.status = .ended
        #expect(ended.status(at: start, settings: plain) == .ended)
        #expect(!ended.isLive(at: start, settings: plain))
    }
}
