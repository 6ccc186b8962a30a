import ClerkEmailCode
import ClerkPassword
import ClerkTOTP
import ClerkTesting
import Testing

@testable import Clerk

@Suite("Password reset flow")
struct PasswordResetFlowTests {
    static let resetEmail = SignInFactor(strategy: .resetPasswordEmailCode, safeIdentifier: jane, emailAddressID: "idn_email", primary: true)
    static let resetPhone = SignInFactor(strategy: .resetPasswordPhoneCode, safeIdentifier: "+15555550100", phoneNumberID: "idn_phone")
    static let started = Fixture.signIn(status: .needsFirstFactor, first: [Fixture.passwordFactor, Fixture.emailFactor, resetEmail])
    static let codeSent = Fixture.signIn(
        status: .needsFirstFactor, first: [Fixture.passwordFactor, Fixture.emailFactor, resetEmail],
        firstVerification: Fixture.verification(.resetPasswordEmailCode, next: .needsAttempt))
    static let needsNewPassword = Fixture.signIn(status: .needsNewPassword)
    static let done = Fixture.signIn(status: .complete, session: "sess_1")

    static func answer(_ signIn: SignIn) -> TransportResponse {
        Fixture.envelope(signIn, client: Fixture.client(signIn: signIn))
    }

    static func registry(_ more: [any FactorStrategy] = []) throws -> [any FactorStrategy] {
        PasswordResetStrategy.all + more
    }

    @Test("by email: one request starts the sign-in and sends the code, then attempt and the new password")
    func byEmail() async throws {
        let harness = Harness([
            .respond(Self.answer(Self.codeSent)),
            .respond(Self.answer(Self.needsNewPassword)), .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, script, events) = try makeDriver(
            harness, try Self.registry(), answers: [.identifier(jane), .code("424242"), .password("a-new-Secret-42")])
        let session = try await driver.resetPassword()
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 3)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "reset_password_email_code"), ("identifier", jane)])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor",
            form: [("strategy", "reset_password_email_code"), ("code", "424242")])
        expectRequest(
            harness.requests[2], .post, "/v1/client/sign_ins/sia_1/reset_password",
            form: [("password", "a-new-Secret-42"), ("sign_out_of_other_sessions", "true")])
        #expect(
            script.questions == [
                .identifier(strategy: .resetPasswordEmailCode),
                .code(CodePrompt(stage: .passwordReset, strategy: .resetPasswordEmailCode, sentTo: jane)),
                .newPassword(retry: nil),
            ])
        #expect(events.values.contains(.signInStarted(identifier: jane, strategy: .resetPasswordEmailCode)))
        #expect(events.values.contains(.passwordChanged))
    }

    @Test("by phone when the sign-in offers only the phone reset; sign_out_of_other_sessions as asked")
    func byPhone() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, identifier: "+15555550100", first: [Fixture.phoneFactor, Self.resetPhone])
        let harness = Harness([
            .respond(Self.answer(started)), .respond(Self.answer(started)),
            .respond(Self.answer(Self.needsNewPassword)), .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, script, _) = try makeDriver(harness, try Self.registry(), answers: [.code("424242"), .password("a-new-Secret-42")])
        _ = try await driver.resetPassword(identifier: "+15555550100", signOutOfOtherSessions: false)
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor",
            form: [("strategy", "reset_password_phone_code"), ("phone_number_id", "idn_phone")])
        expectRequest(
            harness.requests[3], .post, "/v1/client/sign_ins/sia_1/reset_password",
            form: [("password", "a-new-Secret-42"), ("sign_out_of_other_sessions", "false")])
        #expect(script.questions.first == .code(CodePrompt(stage: .passwordReset, strategy: .resetPasswordPhoneCode, sentTo: "+15555550100")))
    }

    @Test("a wrong code and a weak password are asked again, never sent twice; resend prepares again")
    func refusals() async throws {
        let weak = Fixture.error(422, .formPasswordPwned, param: "password")
        let harness = Harness([
            .respond(Self.answer(Self.started)), .respond(Self.answer(Self.codeSent)),
            .respond(Fixture.error(422, .formCodeIncorrect, param: "code")),
            .respond(Self.answer(Self.codeSent)),
            .respond(Self.answer(Self.needsNewPassword)),
            .respond(weak),
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, script, _) = try makeDriver(
            harness, try Self.registry(),
            answers: [
                .code("111111"), .code("111111"), .resendCode, .code("424242"),
                .password("password123"), .password("password123"), .password("a-new-Secret-42"),
            ])
        _ = try await driver.resetPassword(identifier: jane)
        let paths = harness.requests.map(\.path)
        #expect(
            paths == [
                "/v1/client/sign_ins", "/v1/client/sign_ins/sia_1/prepare_first_factor", "/v1/client/sign_ins/sia_1/attempt_first_factor",
                "/v1/client/sign_ins/sia_1/prepare_first_factor", "/v1/client/sign_ins/sia_1/attempt_first_factor",
                "/v1/client/sign_ins/sia_1/reset_password", "/v1/client/sign_ins/sia_1/reset_password",
            ])
        #expect(script.questions.contains { if case .newPassword(let retry) = $0 { retry?.code == .formPasswordPwned } else { false } })
        #expect(harness.requests[5].form != harness.requests[6].form)
    }

    @Test("without a registered reset strategy, nothing is sent")
    func notRegistered() async throws {
        let harness = Harness()
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [])
        let error = await clerkError { try await driver.resetPassword(identifier: jane) }
        #expect(error == .flow(.noApplicableStrategy(stage: .passwordReset, supported: [])))
        #expect(harness.requests.isEmpty)
    }

    @Test("a username starts with the identifier alone, then the code is sent with prepare")
    func byUsername() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, identifier: "jane", first: [Fixture.passwordFactor, Self.resetEmail])
        let harness = Harness([
            .respond(Self.answer(started)), .respond(Self.answer(Self.codeSent)), .respond(Fixture.error(422, .formCodeIncorrect, param: "code")),
            Fixture.unreachable,  // the new sign-in after starting over
        ])
        let (driver, _, _) = try makeDriver(harness, try Self.registry(), answers: [.code("111111"), .startOver, .identifier("x")])
        _ = await clerkError { try await driver.resetPassword(identifier: "jane") }
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("identifier", "jane")])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor",
            form: [("strategy", "reset_password_email_code"), ("email_address_id", "idn_email")])
    }

    @Test("a sign-in that offers no reset code stops after creating it")
    func notOffered() async throws {
        let plain = Fixture.signIn(status: .needsFirstFactor, first: [Fixture.emailFactor])
        let harness = Harness([.respond(Self.answer(plain))])
        let (driver, _, _) = try makeDriver(harness, try Self.registry(), answers: [])
        let error = await clerkError { try await driver.resetPassword(identifier: jane) }
        #expect(error == .flow(.noApplicableStrategy(stage: .passwordReset, supported: [.emailCode])))
        #expect(harness.requests.count == 1)
    }

    @Test("a plain sign-in never uses a registered reset strategy")
    func plainSignInIgnoresReset() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, first: [Self.resetEmail, Fixture.emailFactor])
        let harness = Harness([.respond(Self.answer(started)), .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done)))])
        let (driver, _, _) = try makeDriver(harness, try Self.registry([EmailCodeStrategy()]), answers: [.code("424242")])
        _ = try await driver.drive(SignInHandle(client: harness.client, signIn: started))
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor", form: [("strategy", "email_code"), ("email_address_id", "idn_email")])
    }

    @Test("after the new password, an account with MFA still gives its second factor")
    func thenSecondFactor() async throws {
        let mfa = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor])
        let harness = Harness([
            .respond(Self.answer(Self.started)), .respond(Self.answer(Self.codeSent)),
            .respond(Self.answer(Self.needsNewPassword)), .respond(Self.answer(mfa)),
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, script, _) = try makeDriver(
            harness, try Self.registry([TOTPStrategy()]), answers: [.code("424242"), .password("a-new-Secret-42"), .code("123456")])
        _ = try await driver.resetPassword(identifier: jane)
        expectRequest(harness.requests[4], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "totp"), ("code", "123456")])
        #expect(script.questions.last == .code(CodePrompt(stage: .secondFactor, strategy: .totp)))
    }

    @Test("the handle helpers send the same requests without a driver")
    func handleHelpers() async throws {
        let harness = Harness([
            .respond(Self.answer(Self.started)), .respond(Self.answer(Self.codeSent)),
            .respond(Self.answer(Self.needsNewPassword)), .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let sent = try await harness.client.startPasswordReset(identifier: jane)
        let verified = try await sent.verifyPasswordResetCode("424242")
        #expect(verified.status == .needsNewPassword)
        let complete = try await verified.setNewPassword("a-new-Secret-42")
        #expect(complete.isComplete)
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor",
            form: [("strategy", "reset_password_email_code"), ("email_address_id", "idn_email")])
        expectRequest(
            harness.requests[2], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "reset_password_email_code"), ("code", "424242")])
        expectRequest(
            harness.requests[3], .post, "/v1/client/sign_ins/sia_1/reset_password",
            form: [("password", "a-new-Secret-42"), ("sign_out_of_other_sessions", "true")])
    }
}
