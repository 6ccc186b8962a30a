import ClerkBackupCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTesting
import Testing

@testable import Clerk

/// The README's "Account security" example, run as written over the scripted transport.
@Suite("README: account security")
struct ReadmeAccountSecurityTests {
    @Test("enrol TOTP, keep backup codes, change the password, then reset it with the flow driver")
    func accountSecurity() async throws {
        let resetFactor = SignInFactor(strategy: .resetPasswordEmailCode, safeIdentifier: jane, emailAddressID: "idn_email")
        let started = Fixture.signIn(status: .needsFirstFactor, first: [Fixture.passwordFactor, resetFactor])
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = try await signedInHarness([
            .respond(Fixture.account(Fixture.totp(verified: false))),
            .respond(Fixture.account(Fixture.totp(verified: true, backupCodes: Fixture.backupCodes))),
            .respond(Fixture.account(Fixture.user())),
            .respond(Fixture.envelope(started, client: Fixture.client(signIn: started))),
            .respond(Fixture.envelope(started, client: Fixture.client(signIn: started))),
            .respond(Fixture.envelope(Fixture.signIn(status: .needsNewPassword), client: Fixture.client())),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let clerk = harness.client
        let firstCode: SecretString = "123456"
        let oldPassword: SecretString = "a-long-Secret-42"
        let newPassword: SecretString = "another-Secret-43"
        let answers: @Sendable (FlowQuestion) async throws -> FlowAnswer = { question in
            if case .code = question { return .code("424242") }
            return .password("a-brand-new-Secret-44")
        }

        let account = try await clerk.account()  // the last active session; .flow(.noSession) without one
        let enrollment = try await account.enrollTOTP()  // show enrollment.uri (a QR code) or enrollment.secret
        let totp = try await account.verifyTOTP(firstCode)  // only now is TOTP on
        var backupCodes = totp.backupCodeList  // show them once; a new set replaces them:
        if backupCodes == nil { backupCodes = try await account.generateBackupCodes() }
        _ = try await account.changePassword(current: oldPassword, new: newPassword, signOutOfOtherSessions: true)

        var registry = try FactorRegistry([PasswordStrategy(), TOTPStrategy(), PhoneCodeStrategy()])
        try registry.registerPasswordReset()  // "forgot password", by email or text
        let driver = FlowDriver(client: clerk, registry: registry, answer: answers)
        let session = try await driver.resetPassword(identifier: "jane+clerk_test@example.com")

        #expect(enrollment.uri.revealed == Fixture.totpURI)
        #expect(backupCodes?.codes.count == 3)
        #expect(session.id == "sess_1")
        #expect(
            harness.accountRequests.map(\.path) == [
                "/v1/me/totp", "/v1/me/totp/attempt_verification", "/v1/me/change_password", "/v1/client/sign_ins",
                "/v1/client/sign_ins/sia_1/prepare_first_factor", "/v1/client/sign_ins/sia_1/attempt_first_factor",
                "/v1/client/sign_ins/sia_1/reset_password",
            ])
    }
}
