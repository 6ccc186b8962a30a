import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Account: change_password and the reset-password sign-in")
struct AccountPasswordTests {
    @Test("change_password needs the current password and applies the policy; refusals change nothing")
    func changePassword() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let otherDevice = server.client()
            let other = try await otherDevice.signIn([("identifier", account.email), ("password", Fixture.password)]).signIn
            try await otherDevice.signInAction(other.id, "prepare_second_factor", [("strategy", "email_code")])
            let otherDone = try await otherDevice.signInAction(
                other.id, "attempt_second_factor", [("strategy", "email_code"), ("code", try #require(server.latestCode(to: account.email)))])
            let otherSession = try #require(try otherDone.signIn.createdSessionID)
            let before = try await device.me("GET", session: account.sessionID).response(User.self).passwordLastUpdatedAt

            let cases: [([(String, String)], Int, String, String)] = [
                ([("new_password", "a-fresh-Secret-77")], 422, "form_param_missing", "current_password"),
                (
                    [("current_password", "not-my-password-1"), ("new_password", "a-fresh-Secret-77")], 422, "form_password_validation_failed",
                    "current_password"
                ),
                ([("current_password", Fixture.password)], 422, "form_param_missing", "new_password"),
                ([("current_password", Fixture.password), ("new_password", "short")], 422, "form_password_length_too_short", "new_password"),
                ([("current_password", Fixture.password), ("new_password", "password123")], 422, "form_password_pwned", "new_password"),
                ([("current_password", Fixture.password), ("new_password", account.email)], 422, "form_password_matches_identifier", "new_password"),
                ([("current_password", Fixture.password), ("new_password", Fixture.password)], 422, "form_new_password_matches_current", "new_password"),
            ]
            for (form, status, code, param) in cases {
                let refused = try await device.me("POST", "/change_password", session: account.sessionID, form: form)
                expectError(refused, status: status, code: code, param: param)
                #expect(!refused.text.contains("a-fresh-Secret-77") && !refused.text.contains(Fixture.password), "no password in an answer")
            }
            #expect(try await device.me("GET", session: account.sessionID).response(User.self).passwordLastUpdatedAt == before)

            let changed = try await device.me(
                "POST", "/change_password", session: account.sessionID,
                form: [("current_password", Fixture.password), ("new_password", "a-fresh-Secret-77"), ("sign_out_of_other_sessions", "true")])
            #expect(changed.status == 200, "\(changed.text)")
            #expect(try changed.response(User.self).passwordEnabled)
            #expect(try session(account.sessionID, in: changed)?.status == .active, "this session stays")
            #expect(try await otherDevice.send("POST", "/v1/client/sessions/\(otherSession)/tokens").status == 401)

            let stranger = server.client()
            let old = try await stranger.signIn([("identifier", account.email), ("password", Fixture.password)])
            expectError(old, status: 422, code: "form_password_incorrect", param: "password")
            #expect(try await stranger.signIn([("identifier", account.email), ("password", "a-fresh-Secret-77")]).status == 200)
        }
    }

    @Test("Reset-password codes: sent with the sign-in's creation, expire, count attempts and fail; the reset signs out other sessions")
    func resetPassword() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.emailPassword.settings, now: { clock.now() }) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let laptop = server.client()

            // One request creates the sign-in and sends the code.
            let created = try await laptop.signIn([("identifier", account.email), ("strategy", "reset_password_email_code")])
            #expect(try created.signIn.firstFactorVerification?.strategy == .resetPasswordEmailCode)
            let expiredCode = try #require(server.latestCode(to: account.email))
            let signInID = try created.signIn.id
            clock.advance(by: .seconds(601))
            let expired = try await laptop.signInAction(signInID, "attempt_first_factor", [("strategy", "reset_password_email_code"), ("code", expiredCode)])
            expectError(expired, status: 400, code: "verification_expired")

            try await laptop.signInAction(signInID, "prepare_first_factor", [("strategy", "reset_password_email_code")])
            let code = try #require(server.latestCode(to: account.email))
            let wrongCode = code == "000000" ? "111111" : "000000"
            for _ in 1..<5 {
                let wrong = try await laptop.signInAction(signInID, "attempt_first_factor", [("strategy", "reset_password_email_code"), ("code", wrongCode)])
                expectError(wrong, status: 422, code: "form_code_incorrect", param: "code")
            }
            let failed = try await laptop.signInAction(signInID, "attempt_first_factor", [("strategy", "reset_password_email_code"), ("code", wrongCode)])
            expectError(failed, status: 400, code: "verification_failed")
            let afterFailure = try await laptop.signInAction(signInID, "attempt_first_factor", [("strategy", "reset_password_email_code"), ("code", code)])
            expectError(afterFailure, status: 400, code: "verification_failed")

            clock.advance(by: .seconds(31))
            try await laptop.signInAction(signInID, "prepare_first_factor", [("strategy", "reset_password_email_code")])
            let verified = try await laptop.signInAction(
                signInID, "attempt_first_factor",
                [("strategy", "reset_password_email_code"), ("code", try #require(server.latestCode(to: account.email)))])
            #expect(try verified.signIn.status == .needsNewPassword)
            let weak = try await laptop.signInAction(signInID, "reset_password", [("password", "password123")])
            expectError(weak, status: 422, code: "form_password_pwned", param: "password")
            let reset = try await laptop.signInAction(signInID, "reset_password", [("password", "a-fresh-Secret-77"), ("sign_out_of_other_sessions", "true")])
            #expect(try reset.signIn.status == .complete)
            #expect(try await device.send("POST", "/v1/client/sessions/\(account.sessionID)/tokens").status == 401)
            let old = try await server.client().signIn([("identifier", account.email), ("password", Fixture.password)])
            expectError(old, status: 422, code: "form_password_incorrect", param: "password")
        }
    }
}
