import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Account: phone numbers and the SMS second factor")
struct AccountPhoneNumberTests {
    static let number = "+14155556123"

    @Test("A phone number is verified by a texted code before it can be reserved; wrong and expired codes are refused")
    func verifyThenReserve() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(SettingsPreset.mfa.settings, now: { clock.now() }) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let added = try await device.me("POST", "/phone_numbers", session: account.sessionID, form: [("phone_number", Self.number)])
            let phone = try added.response(PhoneNumber.self)
            #expect(phone.verification == nil)
            #expect(phone.reservedForSecondFactor == false)

            let early = try await device.me("PATCH", "/phone_numbers/\(phone.id)", session: account.sessionID, form: [("reserved_for_second_factor", "true")])
            expectError(early, status: 400, code: "identification_update_second_factor_unverified", param: "reserved_for_second_factor")
            let notSent = try await device.me("POST", "/phone_numbers/\(phone.id)/attempt_verification", session: account.sessionID, form: [("code", "123456")])
            expectError(notSent, status: 400, code: "verification_not_sent")
            let duplicate = try await device.me("POST", "/phone_numbers", session: account.sessionID, form: [("phone_number", Self.number)])
            expectError(duplicate, status: 422, code: "form_identifier_exists", param: "phone_number")
            let malformed = try await device.me("POST", "/phone_numbers", session: account.sessionID, form: [("phone_number", "call me")])
            expectError(malformed, status: 422, code: "form_param_format_invalid", param: "phone_number")

            try await device.me("POST", "/phone_numbers/\(phone.id)/prepare_verification", session: account.sessionID, form: [("strategy", "phone_code")])
            let expiredCode = try #require(server.latestCode(to: Self.number))
            clock.advance(by: .seconds(601))
            let expired = try await device.me(
                "POST", "/phone_numbers/\(phone.id)/attempt_verification", session: account.sessionID, form: [("code", expiredCode)])
            expectError(expired, status: 400, code: "verification_expired")

            let resent = try await device.me(
                "POST", "/phone_numbers/\(phone.id)/prepare_verification", session: account.sessionID, form: [("strategy", "phone_code")])
            #expect(try resent.response(PhoneNumber.self).verification?.status == .unverified)
            let code = try #require(server.latestCode(to: Self.number))
            let wrong = try await device.me(
                "POST", "/phone_numbers/\(phone.id)/attempt_verification", session: account.sessionID, form: [("code", code == "000000" ? "111111" : "000000")])
            expectError(wrong, status: 422, code: "form_code_incorrect", param: "code")
            let verified = try await device.me("POST", "/phone_numbers/\(phone.id)/attempt_verification", session: account.sessionID, form: [("code", code)])
            #expect(try verified.response(PhoneNumber.self).verification?.status == .verified)
            let reused = try await device.me("POST", "/phone_numbers/\(phone.id)/attempt_verification", session: account.sessionID, form: [("code", code)])
            expectError(reused, status: 400, code: "verification_already_verified")

            var user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.twoFactorEnabled == false, "a verified number is not a second factor until reserved")

            let reserved = try await device.me(
                "PATCH", "/phone_numbers/\(phone.id)", session: account.sessionID, form: [("reserved_for_second_factor", "true")])
            let reservedPhone = try reserved.response(PhoneNumber.self)
            #expect(reservedPhone.reservedForSecondFactor == true && reservedPhone.defaultSecondFactor == true)
            #expect(reservedPhone.backupCodes?.count == 10, "the first second factor brings backup codes")
            user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.twoFactorEnabled && user.backupCodeEnabled)

            let laptop = server.client()
            let signIn = try await laptop.signIn([("identifier", account.email), ("password", Fixture.password)]).signIn
            #expect(signIn.status == .needsSecondFactor)
            #expect(signIn.supportedSecondFactors?.first?.strategy == .phoneCode)
            #expect(signIn.supportedSecondFactors?.first?.phoneNumberID == phone.id)
        }
    }

    @Test("The last reserved number cannot be released or removed while MFA is required; otherwise it can")
    func lastFactorUnderRequiredMFA() async throws {
        try await withServer(mfaRequiredSettings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let phone = try await device.me("POST", "/phone_numbers", session: account.sessionID, form: [("phone_number", Self.number)]).response(
                PhoneNumber.self)
            try await device.me("POST", "/phone_numbers/\(phone.id)/prepare_verification", session: account.sessionID, form: [("strategy", "phone_code")])
            try await device.me(
                "POST", "/phone_numbers/\(phone.id)/attempt_verification", session: account.sessionID,
                form: [("code", try #require(server.latestCode(to: Self.number)))])
            let reserved = try await device.me(
                "PATCH", "/phone_numbers/\(phone.id)", session: account.sessionID, form: [("reserved_for_second_factor", "true")])
            #expect(try session(account.sessionID, in: reserved)?.status == .active, "the reservation resolved setup-mfa")

            let release = try await device.me(
                "PATCH", "/phone_numbers/\(phone.id)", session: account.sessionID, form: [("reserved_for_second_factor", "false")])
            expectError(release, status: 400, code: "second_factor_deletion_not_allowed")
            let removal = try await device.me("DELETE", "/phone_numbers/\(phone.id)", session: account.sessionID)
            expectError(removal, status: 400, code: "second_factor_deletion_not_allowed")
            let user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.phoneNumbers.first?.reservedForSecondFactor == true && user.twoFactorEnabled, "nothing changed")
        }
        try await withServer(SettingsPreset.mfa.settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let phone = try await device.me("POST", "/phone_numbers", session: account.sessionID, form: [("phone_number", Self.number)]).response(
                PhoneNumber.self)
            try await device.me("POST", "/phone_numbers/\(phone.id)/prepare_verification", session: account.sessionID, form: [("strategy", "phone_code")])
            try await device.me(
                "POST", "/phone_numbers/\(phone.id)/attempt_verification", session: account.sessionID,
                form: [("code", try #require(server.latestCode(to: Self.number)))])
            try await device.me("PATCH", "/phone_numbers/\(phone.id)", session: account.sessionID, form: [("reserved_for_second_factor", "true")])
            let removal = try await device.me("DELETE", "/phone_numbers/\(phone.id)", session: account.sessionID)
            let deleted = try removal.response(DeletedObject.self)
            #expect(deleted.object == "phone_number" && deleted.id == phone.id && deleted.deleted)
            let user = try await device.me("GET", session: account.sessionID).response(User.self)
            #expect(user.phoneNumbers.isEmpty && !user.twoFactorEnabled && !user.backupCodeEnabled)
            let listed = try await device.me("GET", "/phone_numbers", session: account.sessionID).decode([PhoneNumber].self)
            #expect(listed.isEmpty)
        }
    }

    @Test("An email address added on the account is verified by code and is a sign-in identifier only then")
    func emailAddress() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let device = server.client()
            let first = Fixture.email()
            let signUp = try await device.signUp([("email_address", first)]).signUp
            try await device.signUpAction(signUp.id, "prepare_verification", [("strategy", "email_code")])
            let done = try await device.signUpAction(
                signUp.id, "attempt_verification", [("strategy", "email_code"), ("code", try #require(server.latestCode(to: first)))]
            ).signUp
            let sessionID = try #require(done.createdSessionID)

            let second = Fixture.email("second")
            let added = try await device.me("POST", "/email_addresses", session: sessionID, form: [("email_address", second)]).response(EmailAddress.self)
            let stranger = server.client()
            let early = try await stranger.signIn([("identifier", second)])
            expectError(early, status: 422, code: "form_identifier_not_found", param: "identifier")

            try await device.me("POST", "/email_addresses/\(added.id)/prepare_verification", session: sessionID, form: [("strategy", "email_code")])
            let verified = try await device.me(
                "POST", "/email_addresses/\(added.id)/attempt_verification", session: sessionID, form: [("code", try #require(server.latestCode(to: second)))])
            #expect(try verified.response(EmailAddress.self).verification?.status == .verified)
            let listed = try await device.me("GET", "/email_addresses", session: sessionID).decode([EmailAddress].self)
            #expect(listed.map(\.emailAddress) == [first, second])
            #expect(try await stranger.signIn([("identifier", second)]).status == 200)

            let primary = try #require(listed.first)
            let deleted = try await device.me("DELETE", "/email_addresses/\(added.id)", session: sessionID).response(DeletedObject.self)
            #expect(deleted.object == "email_address")
            let last = try await device.me("DELETE", "/email_addresses/\(primary.id)", session: sessionID)
            expectError(last, status: 400, code: "last_required_identification_deletion_failed")
        }
    }
}
