import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security rules over HTTP")
struct SecurityRuleTests {
    /// A seeded user's email-code sign-in, its first code sent.
    private func startEmailCodeSignIn(_ server: TestServer) async throws -> (email: String, device: FAPIClient, signIn: SignIn) {
        let email = Fixture.email()
        _ = try await server.seedUser(SeedUser(emailAddress: email))
        let device = server.client()
        let signIn = try await device.signIn([("identifier", email), ("strategy", "email_code")]).signIn
        return (email, device, signIn)
    }

    @Test("Five wrong codes fail the verification; the right code is refused afterwards")
    func attemptLimit() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let (email, device, signIn) = try await startEmailCodeSignIn(server)
            let code = try #require(server.latestCode(to: email))
            let wrong = code == "000000" ? "999999" : "000000"
            for _ in 1...4 {
                let answer = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", wrong)])
                expectError(answer, status: 422, code: "form_code_incorrect", param: "code")
            }
            let fifth = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", wrong)])
            expectError(fifth, status: 400, code: "verification_failed")
            let right = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            expectError(right, status: 400, code: "verification_failed")
            let state = try await device.send("GET", "/v1/client/sign_ins/\(signIn.id)").signIn
            #expect(state.status == .needsFirstFactor)
            #expect(state.firstFactorVerification?.status == .failed)
            #expect(state.firstFactorVerification?.attempts == 5)
        }
    }

    @Test("A code expires after ten minutes (injected clock)")
    func expiry() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailCode.settings, now: { clock.now() }) { server in
            let (email, device, signIn) = try await startEmailCodeSignIn(server)
            let code = try #require(server.latestCode(to: email))
            clock.advance(by: .seconds(601))
            let late = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            expectError(late, status: 400, code: "verification_expired")
            // A new code can be asked for and works.
            try await device.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code")])
            let fresh = try #require(server.latestCode(to: email))
            let done = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", fresh)])
            #expect(try done.signIn.status == .complete)
        }
    }

    @Test("Resending a code is throttled with Retry-After")
    func resendThrottle() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.emailCode.settings, now: { clock.now() }) { server in
            let (email, device, signIn) = try await startEmailCodeSignIn(server)
            clock.advance(by: .seconds(10))
            let again = try await device.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code")])
            expectError(again, status: 429, code: "verification_code_too_many_requests")
            #expect(again.header("Retry-After") == "20")
            #expect(server.outbox(to: email).count == 1)
            clock.advance(by: .seconds(20))
            let later = try await device.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code")])
            #expect(later.status == 200)
            #expect(server.outbox(to: email).count == 2)
        }
    }

    @Test("Failed passwords lock the account; the lock lifts after its duration")
    func lockout() async throws {
        let clock = ManualClock(now: Date())
        var settings = SettingsPreset.emailPassword.settings
        settings.clientTrust = false
        settings.lockout = LockoutSettings(maxAttempts: 3, durationSeconds: 900)
        try await withServer(settings, now: { clock.now() }) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            for _ in 1...2 {
                let wrong = try await device.signIn([("identifier", email), ("password", "wrong-password-x")])
                expectError(wrong, status: 422, code: "form_password_incorrect", param: "password")
            }
            let third = try await device.signIn([("identifier", email), ("password", "wrong-password-x")])
            expectError(third, status: 403, code: "user_locked")
            #expect(third.error?.meta?.lockoutExpiresInSeconds == 900)
            let right = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            expectError(right, status: 403, code: "user_locked")
            clock.advance(by: .seconds(901))
            let after = try await device.signIn([("identifier", email), ("password", Fixture.password)])
            #expect(try after.signIn.status == .complete)
        }
    }

    @Test("Requests are rate limited per identifier and per client, with Retry-After")
    func rateLimits() async throws {
        let clock = ManualClock(now: Date())
        var settings = SettingsPreset.emailCode.settings
        settings.rateLimits = RateLimitSettings(
            perClient: RateLimit(requests: 6, windowSeconds: 60), perIdentifier: RateLimit(requests: 3, windowSeconds: 60))
        try await withServer(settings, now: { clock.now() }) { server in
            let email = Fixture.email()
            _ = try await server.seedUser(SeedUser(emailAddress: email))
            for _ in 1...3 {
                #expect(try await server.client().signIn([("identifier", email)]).status == 200)
            }
            clock.advance(by: .seconds(15))
            let limited = try await server.client().signIn([("identifier", email)])
            expectError(limited, status: 429, code: "too_many_requests")
            #expect(limited.header("Retry-After") == "45")

            let device = server.client()
            let first = try await device.send("POST", "/v1/client")
            #expect(first.status == 200)
            for _ in 1...6 { _ = try await device.send("POST", "/v1/client/sessions/sess_x/touch") }
            let overClient = try await device.send("GET", "/v1/client/sign_ins/sia_x")
            #expect(overClient.status == 404, "reads are not counted")
            let over = try await device.send("POST", "/v1/client/sessions/sess_x/touch")
            expectError(over, status: 429, code: "too_many_requests")
            #expect(over.header("Retry-After") != nil)
        }
    }

    @Test("With enumeration protection, unknown and known identifiers get the same answers")
    func enumerationProtection() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.enumerationProtection = true
        settings.emailAddress.codeSignIn = true
        try await withServer(settings) { server in
            let known = Fixture.email("known")
            let unknown = Fixture.email("unknown")
            _ = try await server.seedUser(SeedUser(emailAddress: known, password: Fixture.password, firstName: "Jane"))
            var shapes: [String] = []
            var passwordErrors: [String?] = []
            for email in [known, unknown] {
                let device = server.client()
                let created = try await device.signIn([("identifier", email)])
                #expect(created.status == 200)
                shapes.append(SignUpIfMissingTests.shape(created.data, email: email))
                let wrong = try await server.client().signIn([("identifier", email), ("password", "not-it-at-all")])
                #expect(wrong.status == 422)
                passwordErrors.append(wrong.error?.code.rawValue)
            }
            #expect(shapes[0] == shapes[1])
            #expect(passwordErrors == ["form_password_incorrect", "form_password_incorrect"])
        }
    }
}
