import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Account: authenticator app and backup codes")
struct AccountTOTPTests {
    @Test("A TOTP secret is pending until a code verifies it; a second enrolment while one is active is refused")
    func enrolment() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.mfa.settings, now: { clock.now() }) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)

            let first = try await device.me("POST", "/totp", session: account.sessionID).response(TOTPResource.self)
            #expect(first.verified == false)
            let firstSecret = try #require(first.secret)
            #expect(first.uri.flatMap(secret(ofURI:)) == firstSecret)
            #expect(first.uri?.hasPrefix("otpauth://totp/") == true)
            var user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.totpEnabled == false, "a pending secret is not a second factor")
            #expect(user.twoFactorEnabled == false)

            // A new enrolment before verifying replaces the pending secret.
            let second = try await device.me("POST", "/totp", session: account.sessionID).response(TOTPResource.self)
            let secondSecret = try #require(second.secret)
            #expect(secondSecret != firstSecret)
            let stale = try #require(LocalTOTP(base32Secret: firstSecret)).code(at: clock.now())
            let current = try #require(LocalTOTP(base32Secret: secondSecret)).code(at: clock.now())
            if stale != current {
                let refused = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", stale)])
                expectError(refused, status: 422, code: "form_code_incorrect", param: "code")
            }
            let wrong = try await device.me(
                "POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", "000000" == current ? "111111" : "000000")])
            expectError(wrong, status: 422, code: "form_code_incorrect", param: "code")
            let missing = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID)
            expectError(missing, status: 422, code: "form_param_missing", param: "code")
            user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.totpEnabled == false)

            let verified = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", current)])
            let totp = try verified.response(TOTPResource.self)
            #expect(totp.verified)
            #expect(totp.secret == nil && totp.uri == nil, "the secret is shown only while pending")
            #expect(totp.backupCodes?.count == 10, "the first second factor brings backup codes")
            let answeredUser = try #require(try verified.client?.sessions.first?.user)
            #expect(answeredUser.totpEnabled && answeredUser.backupCodeEnabled && answeredUser.twoFactorEnabled)

            let again = try await device.me("POST", "/totp", session: account.sessionID)
            expectError(again, status: 400, code: "totp_already_enabled")
            let reverify = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", current)])
            expectError(reverify, status: 400, code: "totp_already_enabled")

            // The code that verified the enrolment cannot sign in again (replay), the next one can.
            let laptop = server.client()
            let signIn = try await laptop.signIn([("identifier", account.email), ("password", Fixture.password)]).signIn
            #expect(signIn.status == .needsSecondFactor)
            let replay = try await laptop.signInAction(signIn.id, "attempt_second_factor", [("strategy", "totp"), ("code", current)])
            expectError(replay, status: 422, code: "form_code_incorrect", param: "code")
            clock.advance(by: .seconds(30))
            let next = try #require(LocalTOTP(base32Secret: secondSecret)).code(at: clock.now())
            let done = try await laptop.signInAction(signIn.id, "attempt_second_factor", [("strategy", "totp"), ("code", next)])
            #expect(try done.signIn.status == .complete)
        }
    }

    @Test("Backup codes regenerate as a new set of ten and the old set stops working; none without another second factor")
    func backupCodes() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.mfa.settings, now: { clock.now() }) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let refused = try await device.me("POST", "/backup_codes", session: account.sessionID)
            expectError(refused, status: 400, code: "backup_codes_not_available")
            #expect(try await device.me("GET", session: account.sessionID).response(User.self).backupCodeEnabled == false)

            let enrolment = try await device.me("POST", "/totp", session: account.sessionID).response(TOTPResource.self)
            let enrolledSecret = try #require(enrolment.secret)
            let totp = try #require(LocalTOTP(base32Secret: enrolledSecret))
            let verified = try await device.me(
                "POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", totp.code(at: clock.now()))]
            ).response(TOTPResource.self)
            let old = try #require(verified.backupCodes)

            let fresh = try await device.me("POST", "/backup_codes", session: account.sessionID).response(BackupCodesResource.self)
            #expect(fresh.codes.count == 10)
            #expect(Set(fresh.codes).count == 10)
            #expect(Set(fresh.codes).isDisjoint(with: old))

            let laptop = server.client()
            let signIn = try await laptop.signIn([("identifier", account.email), ("password", Fixture.password)]).signIn
            #expect(signIn.supportedSecondFactors?.map(\.strategy).contains(.backupCode) == true)
            let stale = try await laptop.signInAction(signIn.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", old[0])])
            expectError(stale, status: 422, code: "form_code_incorrect", param: "code")
            let done = try await laptop.signInAction(signIn.id, "attempt_second_factor", [("strategy", "backup_code"), ("code", fresh.codes[0])])
            #expect(try done.signIn.status == .complete)
        }
    }

    @Test("Removing the authenticator app: refused while MFA is required and it is the last second factor, otherwise done")
    func removal() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        for required in [true, false] {
            var settings = SettingsPreset.mfa.settings
            settings.mfa.required = required
            try await withServer(settings, now: { clock.now() }) { server in
                let device = server.client()
                let account = try await signedUpAccount(server, device)
                let none = try await device.me("DELETE", "/totp", session: account.sessionID)
                if required {
                    // The session is pending with setup-mfa, which removing an authenticator does not resolve.
                    expectError(none, status: 400, code: "invalid_action_for_session")
                } else {
                    expectError(none, status: 404, code: "resource_not_found")
                }

                let enrolment = try await device.me("POST", "/totp", session: account.sessionID).response(TOTPResource.self)
                let enrolledSecret = try #require(enrolment.secret)
                let totp = try #require(LocalTOTP(base32Secret: enrolledSecret))
                try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", totp.code(at: clock.now()))])

                let removal = try await device.me("DELETE", "/totp", session: account.sessionID)
                let user = try await device.me("GET", session: account.sessionID).response(User.self)
                if required {
                    expectError(removal, status: 400, code: "second_factor_deletion_not_allowed")
                    #expect(user.totpEnabled && user.backupCodeEnabled, "nothing changed")
                } else {
                    let deleted = try removal.response(DeletedObject.self)
                    #expect(deleted.object == "totp" && deleted.deleted && deleted.id == enrolment.id)
                    #expect(!user.totpEnabled && !user.backupCodeEnabled && !user.twoFactorEnabled, "backup codes go with the last second factor")
                }
            }
        }
    }
}
