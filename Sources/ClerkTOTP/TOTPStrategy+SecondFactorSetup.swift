import Clerk

extension TOTPStrategy: SecondFactorSetup {
    /// Enrols an authenticator app for the `setup-mfa` task: `POST /v1/me/totp`, the question
    /// `.authenticatorAppSetup` (secret and URI), then a `.code` question at `.secondFactorSetup`
    /// until `POST /v1/me/totp/attempt_verification` accepts a code.
    public func setUp(_ context: SecondFactorSetupContext) async throws(ClerkError) -> SecondFactorSetupOutcome {
        let account = context.account
        let question = FlowQuestion.authenticatorAppSetup(try await account.enrollTOTP())
        switch try await context.ask(question) {
        case .acknowledged: break
        case .startOver: return .startOver
        case let other: throw context.unexpected(other, for: question)
        }
        var verified: TOTPResource?
        let prompt = CodePrompt(stage: .secondFactorSetup, strategy: .totp)
        let accepted = try await context.askCode(prompt, resend: nil) { (code) async throws(ClerkError) in
            verified = try await account.verifyTOTP(code)
        }
        return accepted ? .enabled(backupCodes: verified?.backupCodeList) : .startOver
    }
}
