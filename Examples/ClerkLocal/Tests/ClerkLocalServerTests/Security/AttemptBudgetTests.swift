import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: attempts are counted per account, and code failures count towards lockout")
struct AttemptBudgetTests {
    @Test("An account's email and username share one rate-limit budget")
    func perAccountRateLimit() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.username.enabled = true
        settings.clientTrust = false
        settings.rateLimits = RateLimitSettings(
            perClient: RateLimit(requests: 100, windowSeconds: 60), perIdentifier: RateLimit(requests: 3, windowSeconds: 60))
        let frozen = Date()
        try await withServer(settings, now: { frozen }) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, username: "jane_budget", password: Fixture.password))
            for _ in 1...3 {
                #expect(try await server.client().signIn([("identifier", email)]).status == 200)
            }
            let viaUsername = try await server.client().signIn([("identifier", "jane_budget")])
            expectError(viaUsername, status: 429, code: "too_many_requests")
            let otherAccount = try await server.client().signIn([("identifier", Fixture.email())])
            #expect(otherAccount.status == 422, "other identifiers keep their own budget")
        }
    }

    @Test("Wrong email codes count towards the account's lockout")
    func codeFailuresLock() async throws {
        var settings = SettingsPreset.emailCode.settings
        settings.lockout = LockoutSettings(maxAttempts: 3, durationSeconds: 600)
        try await withServer(settings) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            let device = server.client()
            let signIn = try await device.signIn([("identifier", email), ("strategy", "email_code")]).signIn
            let code = try #require(server.latestCode(to: email))
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 1...2 {
                let answer = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", wrong)])
                expectError(answer, status: 422, code: "form_code_incorrect", param: "code")
            }
            let third = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", wrong)])
            expectError(third, status: 403, code: "user_locked")
            let fresh = try await server.client().signIn([("identifier", email), ("strategy", "email_code")])
            expectError(fresh, status: 403, code: "user_locked")
        }
    }
}
