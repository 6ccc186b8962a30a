import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Session re-verification: the levels and their factors")
struct ReverificationTests {
    @Test("first_factor with the password: a wrong one counts towards lockout and changes nothing else; the right one completes")
    func firstFactorPassword() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(reverificationSettings, now: { clock.now() }) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: clock.now())
            clock.advance(by: .seconds(601))

            let started = try await device.reverify(sessionID, "", [("level", "first_factor")]).reverification
            #expect(started.status == .needsFirstFactor && started.level == .firstFactor)
            #expect(started.supportedFirstFactors?.map(\.strategy) == [.password, .emailCode])
            #expect(started.supportedSecondFactors == nil && started.firstFactorVerification == nil)
            #expect(started.session.id == sessionID)

            let attemptsBefore = try await device.me("GET", session: sessionID).response(User.self).verificationAttemptsRemaining
            let wrong = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "password"), ("password", "not-the-password-9")])
            expectError(wrong, status: 422, code: "form_password_incorrect", param: "password")
            #expect(!wrong.text.contains("not-the-password-9"))
            let after = try await device.me("GET", session: sessionID)
            #expect(try after.response(User.self).verificationAttemptsRemaining == attemptsBefore.map { $0 - 1 }, "the wrong password counted")
            #expect(try session(sessionID, in: after)?.factorVerificationAge.first == 10, "the session's verification is as old as before")
            let missing = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "password")])
            expectError(missing, status: 422, code: "form_param_missing", param: "password")

            let done = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)])
            #expect(try done.reverification.status == .complete)
            #expect(try done.reverification.firstFactorVerification?.status == .verified)
            #expect(try session(sessionID, in: done)?.factorVerificationAge.first == 0, "the re-verification is the session's latest verification")
            let again = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)])
            expectError(again, status: 400, code: "invalid_action_for_session_reverification")
        }
    }

    @Test("first_factor with an email code: wrong codes are counted up to the limit, an expired code is refused, a fresh one completes")
    func firstFactorEmailCode() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(reverificationSettings, now: { clock.now() }) { server in
            let email = Fixture.email()
            let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: clock.now())
            try await device.reverify(sessionID, "", [("level", "first_factor")])

            let unprepared = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "email_code"), ("code", "123456")])
            expectError(unprepared, status: 400, code: "verification_missing")
            let prepared = try await device.reverify(sessionID, "/prepare_first_factor", [("strategy", "email_code")]).reverification
            #expect(prepared.firstFactorVerification?.status == .unverified)
            #expect(prepared.firstFactorVerification?.strategy == .emailCode)
            let code = try #require(server.latestCode(to: email))
            let tooSoon = try await device.reverify(sessionID, "/prepare_first_factor", [("strategy", "email_code")])
            expectError(tooSoon, status: 429, code: "verification_code_too_many_requests")
            for attempt in 1...5 {
                let wrong = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "email_code"), ("code", wrongCode(than: code))])
                if attempt < 5 {
                    expectError(wrong, status: 422, code: "form_code_incorrect", param: "code")
                } else {
                    expectError(wrong, status: 400, code: "verification_failed")
                }
            }
            let failed = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "email_code"), ("code", code)])
            expectError(failed, status: 400, code: "verification_failed")

            clock.advance(by: .seconds(31))
            try await device.reverify(sessionID, "/prepare_first_factor", [("strategy", "email_code")])
            let expiring = try #require(server.latestCode(to: email))
            clock.advance(by: .seconds(601))
            let expired = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "email_code"), ("code", expiring)])
            expectError(expired, status: 400, code: "verification_expired")

            try await device.reverify(sessionID, "/prepare_first_factor", [("strategy", "email_code")])
            let fresh = try #require(server.latestCode(to: email))
            let done = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "email_code"), ("code", fresh)])
            #expect(try done.reverification.status == .complete)
            #expect(!done.text.contains(fresh), "no code in an answer")
        }
    }

    @Test("second_factor: an authenticator code (a replayed one refused), a backup code once, an SMS code; without a second factor, a first factor")
    func secondFactor() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(reverificationSettings, now: { clock.now() }) { server in
            let phone = "+14155556142"
            let user = try await server.seedUser(
                SeedUser(
                    emailAddress: Fixture.email(), phoneNumber: phone, password: Fixture.password, generateTOTPSecret: true,
                    generateBackupCodes: true, phoneSecondFactor: true))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: clock.now())
            let secret = try #require(user.totpSecret)
            let totp = try #require(LocalTOTP(base32Secret: secret))

            let started = try await device.reverify(sessionID, "", [("level", "second_factor")]).reverification
            #expect(started.status == .needsSecondFactor)
            #expect(Set(started.supportedSecondFactors?.map(\.strategy) ?? []) == [.phoneCode, .totp, .backupCode])
            #expect(started.supportedFirstFactors == nil)
            let firstInstead = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)])
            expectError(firstInstead, status: 400, code: "invalid_action_for_session_reverification")
            let replayed = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
            expectError(replayed, status: 422, code: "form_code_incorrect", param: "code")
            clock.advance(by: .seconds(30))
            let byApp = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
            #expect(try byApp.reverification.status == .complete)
            #expect(try session(sessionID, in: byApp)?.factorVerificationAge.last == 0)

            let backupCode = try #require(user.backupCodes?.first)
            try await device.reverify(sessionID, "", [("level", "second_factor")])
            let byBackup = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "backup_code"), ("code", backupCode)])
            #expect(try byBackup.reverification.status == .complete)
            try await device.reverify(sessionID, "", [("level", "second_factor")])
            let reused = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "backup_code"), ("code", backupCode)])
            expectError(reused, status: 422, code: "form_code_incorrect", param: "code")

            let bySMS = try await device.reverify(sessionID, "/prepare_second_factor", [("strategy", "phone_code")]).reverification
            #expect(bySMS.secondFactorVerification?.strategy == .phoneCode)
            let code = try #require(server.latestCode(to: phone))
            let wrong = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "phone_code"), ("code", wrongCode(than: code))])
            expectError(wrong, status: 422, code: "form_code_incorrect", param: "code")
            let done = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "phone_code"), ("code", code)])
            #expect(try done.reverification.status == .complete)

            let plain = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let laptop = server.client()
            let plainSession = try await laptop.signInWithPassword(plain, at: clock.now())
            let fallback = try await laptop.reverify(plainSession, "", [("level", "second_factor")]).reverification
            #expect(fallback.status == .needsFirstFactor, "no second factor: a first factor instead")
            #expect(fallback.supportedSecondFactors == nil)
        }
    }

    @Test("multi_factor: a first factor, then the second factor when the user has one")
    func multiFactor() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(reverificationSettings, now: { clock.now() }) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password, generateTOTPSecret: true))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: clock.now())
            clock.advance(by: .seconds(30))
            let secret = try #require(user.totpSecret)
            let totp = try #require(LocalTOTP(base32Secret: secret))

            #expect(try await device.reverify(sessionID, "", [("level", "multi_factor")]).reverification.status == .needsFirstFactor)
            let early = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
            expectError(early, status: 400, code: "invalid_action_for_session_reverification")
            let first = try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)])
            #expect(try first.reverification.status == .needsSecondFactor)
            #expect(try first.reverification.supportedSecondFactors?.map(\.strategy) == [.totp])
            let second = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
            #expect(try second.reverification.status == .complete)
            #expect(try second.reverification.firstFactorVerification?.status == .verified)

            let plain = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let laptop = server.client()
            let plainSession = try await laptop.signInWithPassword(plain, at: clock.now())
            try await laptop.reverify(plainSession, "", [("level", "multi_factor")])
            let done = try await laptop.reverify(plainSession, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)])
            #expect(try done.reverification.status == .complete, "no second factor: the first completes it")
        }
    }

    @Test("Refusals: another client's session, a pending session, no re-verification started, an unknown level or strategy")
    func refusals() async throws {
        var settings = reverificationSettings
        settings.mfa.required = true
        try await withServer(settings) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password, generateTOTPSecret: true))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: Date())

            let stranger = server.client()
            _ = try await stranger.send("POST", "/v1/client")
            expectError(try await stranger.reverify(sessionID, "", [("level", "first_factor")]), status: 404, code: "resource_not_found")
            expectError(
                try await device.reverify(sessionID, "/prepare_first_factor", [("strategy", "email_code")]), status: 400,
                code: "session_reverification_missing")
            expectError(try await device.reverify(sessionID, "", [("level", "any_factor")]), status: 422, code: "form_param_value_invalid", param: "level")
            try await device.reverify(sessionID, "", [("level", "first_factor")])
            expectError(
                try await device.reverify(sessionID, "/prepare_first_factor", [("strategy", "reset_password_email_code")]), status: 400,
                code: "strategy_for_user_invalid")
            expectError(
                try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "email_code"), ("code", "123456")]), status: 400,
                code: "verification_missing")

            // No second factor while MFA is required: the session is pending with `setup-mfa`.
            let newcomer = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let laptop = server.client()
            let pending = try await laptop.signIn([("identifier", try #require(newcomer.emailAddress)), ("password", Fixture.password)])
            let pendingID = try #require(try pending.signIn.createdSessionID)
            #expect(try session(pendingID, in: pending)?.status == .pending)
            expectError(try await laptop.reverify(pendingID, "", [("level", "first_factor")]), status: 400, code: "invalid_action_for_session")
            expectError(
                try await laptop.reverify(pendingID, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)]),
                status: 400, code: "invalid_action_for_session")
        }
    }
}
