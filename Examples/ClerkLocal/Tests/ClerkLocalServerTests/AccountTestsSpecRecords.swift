import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of every `/v1/me` operation the server implements, and of its refusals, for the spec
    /// validation: a session pending with `setup-mfa` resolved by TOTP, a phone second factor, email
    /// addresses, a password change.
    static func accountAnswers() async throws -> [FAPIClient.Record] {
        try await withServer(mfaRequiredSettings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            let session = account.sessionID
            try await device.me("GET", session: session, operation: "getUser")
            try await device.me("PATCH", session: session, form: [("first_name", "Grace")], operation: "patchUser")

            let enrolment = try await device.me("POST", "/totp", session: session, operation: "postTOTP").response(TOTPResource.self)
            let secret = try #require(enrolment.secret)
            let totp = try #require(LocalTOTP(base32Secret: secret))
            try await device.me("POST", "/totp/attempt_verification", session: session, form: [("code", "000000")], operation: "verifyTOTP")
            try await device.me("POST", "/totp/attempt_verification", session: session, form: [("code", totp.code(at: Date()))], operation: "verifyTOTP")
            try await device.me("POST", "/totp", session: session, operation: "postTOTP")
            try await device.me("POST", "/backup_codes", session: session, operation: "createBackupCodes")

            let number = "+14155556123"
            let phone = try await device.me("POST", "/phone_numbers", session: session, form: [("phone_number", number)], operation: "postPhoneNumbers")
                .response(PhoneNumber.self)
            try await device.me(
                "PATCH", "/phone_numbers/\(phone.id)", session: session, form: [("reserved_for_second_factor", "true")], operation: "UpdatePhoneNumber")
            try await device.me(
                "POST", "/phone_numbers/\(phone.id)/prepare_verification", session: session, form: [("strategy", "phone_code")],
                operation: "sendVerificationSMS")
            let code = try #require(server.latestCode(to: number))
            try await device.me(
                "POST", "/phone_numbers/\(phone.id)/attempt_verification", session: session, form: [("code", code)], operation: "verifyPhoneNumber")
            try await device.me(
                "PATCH", "/phone_numbers/\(phone.id)", session: session, form: [("reserved_for_second_factor", "true")], operation: "UpdatePhoneNumber")
            try await device.me("GET", "/phone_numbers", session: session, operation: "getPhoneNumbers")
            try await device.me("GET", "/phone_numbers/\(phone.id)", session: session, operation: "ReadPhoneNumber")
            try await device.me("DELETE", "/totp", session: session, operation: "deleteTOTP")
            try await device.me("DELETE", "/phone_numbers/\(phone.id)", session: session, operation: "DeletePhoneNumber")

            let address = Fixture.email("second")
            let email = try await device.me("POST", "/email_addresses", session: session, form: [("email_address", address)], operation: "createEmailAddresses")
                .response(EmailAddress.self)
            try await device.me(
                "POST", "/email_addresses/\(email.id)/prepare_verification", session: session, form: [("strategy", "email_code")],
                operation: "sendVerificationEmail")
            let emailCode = try #require(server.latestCode(to: address))
            try await device.me(
                "POST", "/email_addresses/\(email.id)/attempt_verification", session: session, form: [("code", emailCode)], operation: "verifyEmailAddress")
            try await device.me("GET", "/email_addresses", session: session, operation: "getEmailAddresses")
            try await device.me("GET", "/email_addresses/\(email.id)", session: session, operation: "getEmailAddress")
            try await device.me("DELETE", "/email_addresses/\(email.id)", session: session, operation: "DeleteEmailAddress")

            try await device.me(
                "POST", "/change_password", session: session, form: [("current_password", "wrong-password-1"), ("new_password", "a-fresh-Secret-77")],
                operation: "changePassword")
            try await device.me(
                "POST", "/change_password", session: session, form: [("current_password", Fixture.password), ("new_password", "a-fresh-Secret-77")],
                operation: "changePassword")
            try await server.client().me("GET", session: session, operation: "getUser")
            return device.recorded
        }
    }
}
