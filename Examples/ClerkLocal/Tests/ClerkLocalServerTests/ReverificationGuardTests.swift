import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Session re-verification: the account changes that need a recent verification")
struct ReverificationGuardTests {
    @Test("Each guarded change answers 403 once the session's verification is too old, changing nothing; each passes after re-verifying")
    func guardedChanges() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(reverificationSettings, now: { clock.now() }) { server in
            let phoneNumber = "+14155556143"
            let user = try await server.seedUser(
                SeedUser(emailAddress: Fixture.email(), phoneNumber: phoneNumber, password: Fixture.password, generateTOTPSecret: true))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: clock.now())
            let phoneID = try #require(user.phoneNumberID)
            let added = try await device.me("POST", "/email_addresses", session: sessionID, form: [("email_address", Fixture.email("second"))])
            let secondEmailID = try added.response(EmailAddress.self).id
            let newPassword = "a-fresh-Secret-77"

            let reserve = ("PATCH", "/phone_numbers/\(phoneID)", [("reserved_for_second_factor", "true")])
            let release = ("PATCH", "/phone_numbers/\(phoneID)", [("reserved_for_second_factor", "false")])
            let deletePhone = ("DELETE", "/phone_numbers/\(phoneID)", [(String, String)]())
            // In an order each passes in, once re-verified; the number is removed last, after its release.
            let changes: [(String, String, [(String, String)])] = [
                ("POST", "/change_password", [("current_password", Fixture.password), ("new_password", newPassword)]),
                ("POST", "/backup_codes", []),
                reserve,
                ("DELETE", "/totp", []),
                ("POST", "/totp", []),
                ("DELETE", "/email_addresses/\(secondEmailID)", []),
            ]

            // Within the max age a guarded change passes at once.
            #expect(try await device.me("POST", "/backup_codes", session: sessionID).status == 200)

            clock.advance(by: .seconds(600))
            let before = try await device.me("GET", session: sessionID).response(User.self)
            for (method, path, form) in changes + [deletePhone] {
                let refused = try await device.me(method, path, session: sessionID, form: form)
                expectError(refused, status: 403, code: "session_reverification_required")
                #expect(refused.error?.message == "Reverification required", "\(method) \(path)")
                #expect(refused.error?.longMessage == "You need to provide additional verification to perform this operation")
            }
            #expect(try await device.me("GET", session: sessionID).response(User.self) == before, "the refusals changed nothing")
            #expect(try await device.me("PATCH", session: sessionID, form: [("first_name", "Ada")]).status == 200, "other changes need none")

            // The user has an authenticator app: the second factor is what re-verifying must renew.
            let secret = try #require(user.totpSecret)
            let totp = try #require(LocalTOTP(base32Secret: secret))
            try await device.reverify(sessionID, "", [("level", "second_factor")])
            let reverified = try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "totp"), ("code", totp.code(at: clock.now()))])
            #expect(try reverified.reverification.status == .complete)
            for (method, path, form) in changes {
                let passed = try await device.me(method, path, session: sessionID, form: form)
                #expect(passed.status == 200, "\(method) \(path): \(passed.text)")
            }

            // Releasing the number as a second factor and removing it, once the verification is old again.
            clock.advance(by: .seconds(601))
            expectError(try await device.me(release.0, release.1, session: sessionID, form: release.2), status: 403, code: "session_reverification_required")
            expectError(try await device.me(deletePhone.0, deletePhone.1, session: sessionID), status: 403, code: "session_reverification_required")
            #expect(try await device.me("GET", session: sessionID).response(User.self).phoneNumbers.first?.reservedForSecondFactor == true)
            try await device.reverify(sessionID, "", [("level", "second_factor")])
            try await device.reverify(sessionID, "/prepare_second_factor", [("strategy", "phone_code")])
            let smsCode = try #require(server.latestCode(to: phoneNumber))
            try await device.reverify(sessionID, "/attempt_second_factor", [("strategy", "phone_code"), ("code", smsCode)])
            #expect(try await device.me(release.0, release.1, session: sessionID, form: release.2).status == 200)
            // Released, the number leaves the user no second factor: a first factor is what counts now.
            expectError(try await device.me(deletePhone.0, deletePhone.1, session: sessionID), status: 403, code: "session_reverification_required")
            try await device.reverify(sessionID, "", [("level", "first_factor")])
            try await device.reverify(sessionID, "/attempt_first_factor", [("strategy", "password"), ("password", newPassword)])
            #expect(try await device.me(deletePhone.0, deletePhone.1, session: sessionID).status == 200)
        }
    }

    @Test("Without the setting nothing is asked; a pending session resolving its task is not asked either")
    func notAsked() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        var settings = SettingsPreset.mfa.settings
        settings.clientTrust = false
        try await withServer(settings, now: { clock.now() }) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: clock.now())
            clock.advance(by: .seconds(3 * 24 * 3600))
            #expect(try await device.me("POST", "/totp", session: sessionID).status == 200)
        }
        var required = reverificationSettings
        required.mfa.required = true
        try await withServer(required, now: { clock.now() }) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let device = server.client()
            let signIn = try await device.signIn([("identifier", try #require(user.emailAddress)), ("password", Fixture.password)])
            let sessionID = try #require(try signIn.signIn.createdSessionID)
            clock.advance(by: .seconds(601))
            #expect(try session(sessionID, in: signIn)?.status == .pending)
            #expect(try await device.me("POST", "/totp", session: sessionID).status == 200, "setup-mfa is resolved without re-verifying")
        }
    }
}
