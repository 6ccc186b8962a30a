import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Account: session tasks (setup-mfa, reset-password)")
struct AccountSessionTaskTests {
    @Test("Under required MFA a new user's session is pending with setup-mfa; verifying TOTP answers it active with no tasks")
    func setupMFA() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(mfaRequiredSettings, now: { clock.now() }) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let client = try await device.send("GET", "/v1/client").client
            let pending = try #require(client?.sessions.first { $0.id == account.sessionID })
            #expect(pending.status == .pending)
            #expect(pending.tasks?.map(\.key) == [.setupMFA])

            let enrolment = try await device.me("POST", "/totp", session: account.sessionID)
            #expect(try session(account.sessionID, in: enrolment)?.status == .pending, "a pending secret resolves nothing")
            let secret = try #require(try enrolment.response(TOTPResource.self).secret)
            let code = try #require(LocalTOTP(base32Secret: secret)).code(at: clock.now())
            let verified = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", code)])
            let active = try #require(try session(account.sessionID, in: verified))
            #expect(active.status == .active)
            #expect(active.tasks ?? [] == [])

            // A later sign-in of the same user is not pending: they have a second factor now.
            let laptop = server.client()
            let signIn = try await laptop.signIn([("identifier", account.email), ("password", Fixture.password)]).signIn
            #expect(signIn.status == .needsSecondFactor)
        }
    }

    @Test("A password flagged compromised makes the next session pending with reset-password; change_password without the current one resolves it")
    func compromisedPassword() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let email = Fixture.testEmail()
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let phone = server.client()
            let before = try await phone.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            try await phone.signInAction(before.id, "prepare_second_factor", [("strategy", "email_code")])
            let earlier = try await phone.signInAction(before.id, "attempt_second_factor", [("strategy", "email_code"), ("code", "424242")])
            let earlierSession = try #require(try earlier.signIn.createdSessionID)

            let flag = try await phone.send(
                "POST", "/__local/admin/users/\(seeded.id)/password_compromised", rawBody: Data("{}".utf8), contentType: "application/json")
            #expect(flag.status == 200, "\(flag.text)")
            let unknown = try await phone.send(
                "POST", "/__local/admin/users/user_missing/password_compromised", rawBody: Data("{}".utf8), contentType: "application/json")
            expectError(unknown, status: 404, code: "resource_not_found")
            #expect(
                try await phone.send("GET", "/v1/client").client?.sessions.first { $0.id == earlierSession }?.status == .active,
                "sessions the user has are not affected")

            let laptop = server.client()
            let signIn = try await laptop.signIn([("identifier", email), ("password", Fixture.password)]).signIn
            try await laptop.signInAction(signIn.id, "prepare_second_factor", [("strategy", "email_code")])
            let done = try await laptop.signInAction(signIn.id, "attempt_second_factor", [("strategy", "email_code"), ("code", "424242")])
            let sessionID = try #require(try done.signIn.createdSessionID)
            let pending = try #require(try session(sessionID, in: done))
            #expect(pending.status == .pending && pending.tasks?.map(\.key) == [.resetPassword])

            let same = try await laptop.me("POST", "/change_password", session: sessionID, form: [("new_password", Fixture.password)])
            expectError(same, status: 422, code: "form_new_password_matches_current", param: "new_password")
            let changed = try await laptop.me(
                "POST", "/change_password", session: sessionID, form: [("new_password", "a-fresh-Secret-77"), ("sign_out_of_other_sessions", "true")])
            #expect(changed.status == 200, "\(changed.text)")
            let active = try #require(try session(sessionID, in: changed))
            #expect(active.status == .active && (active.tasks ?? []).isEmpty)
            let ended = try await phone.send("POST", "/v1/client/sessions/\(earlierSession)/tokens")
            #expect(ended.status == 401, "the other session was signed out")

            // The next sign-in with the new password has no task.
            try await laptop.send("DELETE", "/v1/client")
            let again = try await laptop.signIn([("identifier", email), ("password", "a-fresh-Secret-77")])
            #expect(try again.signIn.status == .complete)
            let fresh = try #require(try again.client?.sessions.first { $0.status == .active })
            #expect((fresh.tasks ?? []).isEmpty)
        }
    }
}
