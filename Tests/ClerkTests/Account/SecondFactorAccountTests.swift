import ClerkBackupCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Account: authenticator app, backup codes, phone numbers, password")
struct SecondFactorAccountTests {
    @Test("TOTP: enrol returns the secret and otpauth URI as secrets, verify sends the code, remove deletes")
    func totp() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.account(Fixture.totp(verified: false))),
            .respond(Fixture.account(Fixture.totp(verified: true, backupCodes: Fixture.backupCodes))),
            .respond(Fixture.account(DeletedObject(id: "totp_1", object: "totp", deleted: true))),
        ])
        let account = try await harness.client.account()
        let enrollment = try await account.enrollTOTP()
        #expect(enrollment.secret.revealed == Fixture.totpSecret)
        #expect(enrollment.uri.revealed == Fixture.totpURI)
        #expect(enrollment.id == "totp_1")
        let verified = try await account.verifyTOTP("123456")
        #expect(verified.verified)
        #expect(verified.backupCodeList?.codes.map(\.revealed) == Fixture.backupCodes)
        let removed = try await account.removeTOTP()
        #expect(removed.deleted)

        let sent = harness.accountRequests
        #expect(sent.count == 3)
        expectRequest(sent[0], .post, "/v1/me/totp", form: [], sessionID: "sess_1")
        expectRequest(sent[1], .post, "/v1/me/totp/attempt_verification", form: [("code", "123456")], sessionID: "sess_1")
        expectRequest(sent[2], .delete, "/v1/me/totp", sessionID: "sess_1")
    }

    @Test("the enrolment, the TOTP answer and the backup codes never show a secret")
    func totpRedaction() throws {
        let enrollment = try AuthenticatorEnrollment(Fixture.totp(verified: false))
        let codes = BackupCodeList(revealed: Fixture.backupCodes)
        var dumped = ""
        dump(enrollment, to: &dumped)
        dump(codes, to: &dumped)
        dump(Fixture.totp(verified: false), to: &dumped)
        dump(FlowQuestion.authenticatorAppSetup(enrollment), to: &dumped)
        let shown = [
            enrollment.description, String(reflecting: enrollment), codes.description, dumped,
            String(describing: Fixture.totp(verified: false)), String(describing: Fixture.totp(verified: true, backupCodes: Fixture.backupCodes)),
            FlowQuestion.authenticatorAppSetup(enrollment).description, FlowQuestion.backupCodes(codes).description,
        ].joined(separator: "\n")
        #expect(!shown.contains(Fixture.totpSecret))
        #expect(!shown.contains("otpauth"))
        for code in Fixture.backupCodes { #expect(!shown.contains(code)) }
        #expect(codes.description == "3 backup codes")
    }

    @Test("a TOTP answer without secret or URI is an undecodable response, not a crash")
    func totpWithoutSecret() async throws {
        let harness = try await signedInHarness([.respond(Fixture.account(Fixture.totp(verified: true)))])
        let error = await clerkError { try await harness.client.account().enrollTOTP() }
        #expect(error?.isUndecodable == true)
    }

    @Test("a second enrolment and a wrong code come back as typed API errors")
    func totpErrors() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.error(400, .totpAlreadyEnabled)),
            .respond(Fixture.error(422, .formCodeIncorrect, param: "code")),
        ])
        let account = try await harness.client.account()
        #expect(await clerkError { try await account.enrollTOTP() }?.code == .totpAlreadyEnabled)
        let wrong = await clerkError { try await account.verifyTOTP("000000") }
        #expect(wrong?.code == .formCodeIncorrect)
        #expect(wrong?.apiErrors.first?.meta?.paramName == "code")
        #expect(harness.accountRequests.count == 2)
    }

    @Test("backup codes: POST /v1/me/backup_codes, codes as secrets")
    func backupCodes() async throws {
        let set = BackupCodesResource(id: "bc_1", codes: Fixture.backupCodes, createdAt: Fixture.time, updatedAt: Fixture.time)
        let harness = try await signedInHarness([.respond(Fixture.account(set)), .respond(Fixture.error(400, .backupCodesNotAvailable))])
        let account = try await harness.client.account()
        let codes = try await account.generateBackupCodes()
        #expect(codes.codes.map(\.revealed) == Fixture.backupCodes)
        #expect(!String(describing: set).contains(Fixture.backupCodes[0]))
        expectRequest(harness.accountRequests[0], .post, "/v1/me/backup_codes", form: [], sessionID: "sess_1")
        #expect(await clerkError { try await account.generateBackupCodes() }?.code == .backupCodesNotAvailable)
    }

    @Test("phone numbers: add, text a code, verify, reserve for second factor, make default, release, remove")
    func phoneNumbers() async throws {
        let harness = try await signedInHarness([
            .respond(TransportResponse(status: 200, json: Fixture.json([Fixture.phone(verified: true)]))),
            .respond(Fixture.account(Fixture.phone(verified: false))),
            .respond(Fixture.account(Fixture.phone(verified: false))),
            .respond(Fixture.account(Fixture.phone(verified: true))),
            .respond(Fixture.account(Fixture.phone(verified: true, reserved: true, backupCodes: Fixture.backupCodes))),
            .respond(Fixture.account(Fixture.phone(verified: true, reserved: true, isDefault: true))),
            .respond(Fixture.account(Fixture.phone(verified: true, reserved: true, isDefault: true))),
            .respond(Fixture.account(Fixture.phone(verified: true))),
            .respond(Fixture.account(DeletedObject(id: "idn_phone2", object: "phone_number", deleted: true))),
        ])
        let account = try await harness.client.account()
        #expect(try await account.phoneNumbers().count == 1)
        let phone = try await account.addPhoneNumber("+15555550123")
        try await account.sendPhoneCode(to: phone.id)
        #expect(try await account.verifyPhoneNumber(phone.id, code: "424242").verification?.status == .verified)
        let reserved = try await account.reservePhoneNumberForSecondFactor(phone.id)
        #expect(reserved.reservedForSecondFactor == true)
        #expect(reserved.backupCodeList?.codes.count == 3)
        _ = try await account.reservePhoneNumberForSecondFactor(phone.id, makeDefault: true)
        #expect(try await account.makeDefaultSecondFactor(phoneNumberID: phone.id).defaultSecondFactor == true)
        _ = try await account.releasePhoneNumberFromSecondFactor(phone.id)
        #expect(try await account.removePhoneNumber(phone.id).deleted)

        let sent = harness.accountRequests
        #expect(sent.count == 9)
        let path = "/v1/me/phone_numbers/idn_phone2"
        expectRequest(sent[0], .get, "/v1/me/phone_numbers", sessionID: "sess_1")
        expectRequest(sent[1], .post, "/v1/me/phone_numbers", form: [("phone_number", "+15555550123")], sessionID: "sess_1")
        expectRequest(sent[2], .post, path + "/prepare_verification", form: [("strategy", "phone_code")], sessionID: "sess_1")
        expectRequest(sent[3], .post, path + "/attempt_verification", form: [("code", "424242")], sessionID: "sess_1")
        expectRequest(sent[4], .patch, path, form: [("reserved_for_second_factor", "true")], sessionID: "sess_1")
        expectRequest(sent[5], .patch, path, form: [("reserved_for_second_factor", "true"), ("default_second_factor", "true")], sessionID: "sess_1")
        expectRequest(sent[6], .patch, path, form: [("default_second_factor", "true")], sessionID: "sess_1")
        expectRequest(sent[7], .patch, path, form: [("reserved_for_second_factor", "false")], sessionID: "sess_1")
        expectRequest(sent[8], .delete, path, sessionID: "sess_1")
    }

    @Test("a phone number not in E.164 is refused before any request")
    func phoneNotE164() async throws {
        let harness = try await signedInHarness([])
        let error = await clerkError { try await harness.client.account().addPhoneNumber("555 0123") }
        guard case .invalidInput(let input) = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(input.field == "phone_number")
        #expect(harness.accountRequests.isEmpty)
    }

    @Test("reserving an unverified number and removing the last second factor are typed API errors")
    func phoneErrors() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.error(400, .identificationUpdateSecondFactorUnverified)),
            .respond(Fixture.error(400, .secondFactorDeletionNotAllowed)),
        ])
        let account = try await harness.client.account()
        #expect(await clerkError { try await account.reservePhoneNumberForSecondFactor("idn_phone2") }?.code == .identificationUpdateSecondFactorUnverified)
        #expect(await clerkError { try await account.removeTOTP() }?.code == .secondFactorDeletionNotAllowed)
    }

    @Test("change password: current, new and sign-out of other sessions in the form; never in a log line")
    func changePassword() async throws {
        let harness = try await signedInHarness([
            .respond(Fixture.error(422, .formPasswordPwned, param: "new_password")),
            .respond(Fixture.account(Fixture.user())),
        ])
        let account = try await harness.client.account()
        let weak = await clerkError {
            try await account.changePassword(current: "old-Secret-1", new: "password123", signOutOfOtherSessions: true)
        }
        #expect(weak?.code == .formPasswordPwned)
        #expect(weak?.apiErrors.first?.meta?.paramName == "new_password")
        _ = try await account.changePassword(current: "old-Secret-1", new: "a-new-Secret-42", signOutOfOtherSessions: true)
        expectRequest(
            harness.accountRequests[1], .post, "/v1/me/change_password",
            form: [("current_password", "old-Secret-1"), ("new_password", "a-new-Secret-42"), ("sign_out_of_other_sessions", "true")],
            sessionID: "sess_1")
        let log = harness.log.values.joined(separator: "\n")
        #expect(log.contains("/v1/me/change_password"))
        for secret in ["old-Secret-1", "a-new-Secret-42", "password123"] { #expect(!log.contains(secret)) }
    }

    @Test("a request body's description hides the passwords and codes")
    func bodyRedaction() {
        let change = ChangePasswordRequest.Body(currentPassword: "old-Secret-1", newPassword: "a-new-Secret-42")
        let totp = VerifyTOTPRequest.Body(code: "123456")
        let text = String(describing: change) + String(describing: totp)
        #expect(!text.contains("old-Secret-1") && !text.contains("a-new-Secret-42") && !text.contains("123456"))
    }
}
