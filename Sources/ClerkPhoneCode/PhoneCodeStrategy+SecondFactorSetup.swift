import Clerk

extension PhoneCodeStrategy: SecondFactorSetup {
    /// Sets up text-message codes for the `setup-mfa` task: asks the number
    /// (`.phoneNumberForSecondFactor`); a number the user has not verified is added if new
    /// (`POST /v1/me/phone_numbers`), texted a code and verified through a `.code` question at
    /// `.secondFactorSetup`; then it is reserved for second factor (`PATCH`).
    public func setUp(_ context: SecondFactorSetupContext) async throws(ClerkError) -> SecondFactorSetupOutcome {
        let account = context.account
        let known: [PhoneNumber]
        if let user = await account.cachedUser() {
            known = user.phoneNumbers
        } else {
            known = try await account.phoneNumbers()
        }
        let question = FlowQuestion.phoneNumberForSecondFactor(
            verified: known.filter { $0.verification?.status == .verified }.map(\.phoneNumber))
        let number: String
        switch try await context.ask(question) {
        case .phoneNumber(let value): number = try PhoneNumberValidation.validate(value)
        case .startOver: return .startOver
        case let other: throw context.unexpected(other, for: question)
        }
        var phone: PhoneNumber
        if let existing = known.first(where: { $0.phoneNumber == number }) {
            phone = existing
        } else {
            phone = try await account.addPhoneNumber(number)
        }
        if phone.verification?.status != .verified {
            let id = phone.id
            let sendCode = { () async throws(ClerkError) -> Void in
                try await account.sendPhoneCode(to: id)
            }
            try await sendCode()
            var verified: PhoneNumber?
            let prompt = CodePrompt(stage: .secondFactorSetup, strategy: .phoneCode, sentTo: number)
            let accepted = try await context.askCode(prompt, resend: sendCode) { (code) async throws(ClerkError) in
                verified = try await account.verifyPhoneNumber(id, code: code)
            }
            guard accepted, let verified else { return .startOver }
            phone = verified
        }
        let reserved = try await account.reservePhoneNumberForSecondFactor(phone.id)
        return .enabled(backupCodes: reserved.backupCodeList)
    }
}
