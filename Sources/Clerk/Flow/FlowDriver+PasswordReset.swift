extension FlowDriver {
    /// "Forgot password": starts a sign-in with the identifier (asked when nil), sends a reset
    /// code with the first registered `.passwordReset` strategy the sign-in supports
    /// (`reset_password_email_code` or `reset_password_phone_code`), asks the code, then asks the
    /// new password (`needs_new_password` → `reset_password`), and drives the sign-in on (a second
    /// factor, session tasks) to a session.
    ///
    /// ```swift
    /// var registry = try FactorRegistry([TOTPStrategy()])
    /// try registry.registerPasswordReset()  // ClerkPassword
    /// let session = try await driver.resetPassword(identifier: "jane@example.com")
    /// ```
    /// - Parameters:
    ///   - identifier: the email address or phone number of the account; asked when nil.
    ///   - signOutOfOtherSessions: sent with the new password; true by default, so that a reset
    ///     also ends the sessions of whoever knew the old password.
    /// - Throws: `ClerkError.flow(.noApplicableStrategy)` with stage `.passwordReset` when no reset
    ///   strategy is registered (before any request) or none fits the sign-in.
    public func resetPassword(identifier: String? = nil, signOutOfOtherSessions: Bool = true) async throws(ClerkError) -> ActiveSession {
        let strategies = registry.strategies(for: .passwordReset)
        guard let first = strategies.first else {
            throw .flow(.noApplicableStrategy(stage: .passwordReset, supported: []))
        }
        var given = identifier
        while true {
            let chosen: String
            if let given {
                chosen = given
            } else {
                let question = FlowQuestion.identifier(strategy: first.strategy)
                switch try await ask(question) {
                case .identifier(let value): chosen = value
                case .startOver: continue
                case let other: throw unexpected(other, for: question)
                }
            }
            given = nil
            let handle = try await client.createSignIn(CreateSignInRequest.Body(identifier: chosen))
            let factors = handle.supportedFirstFactors
            guard let (strategy, factor) = registry.applicable(at: .passwordReset, among: factors, identifier: chosen).first else {
                throw .flow(.noApplicableStrategy(stage: .passwordReset, supported: factors.map(\.strategy)))
            }
            onEvent(.signInStarted(identifier: chosen, strategy: strategy.strategy))
            switch try await resetCode(handle, strategy: strategy, factor: factor) {
            case .startOver, .transfer:
                await startOver()
            case .next(let next):
                switch try await driveSignIn(next, preferred: nil, identifier: chosen, signOutOfOtherSessions: signOutOfOtherSessions) {
                case .session(let session): return session
                case .startOver: await startOver()
                }
            }
        }
    }

    /// Sends the reset code and asks it until the API accepts one.
    private func resetCode(_ handle: SignInHandle, strategy: any FactorStrategy, factor: SignInFactor) async throws(ClerkError) -> Step<SignInHandle> {
        let sendCode: () async throws(ClerkError) -> Void = {
            _ = try await handle.prepareFirstFactor(strategy.prepareFirstFactor(factor))
        }
        try await sendCode()
        let prompt = CodePrompt(stage: .passwordReset, strategy: strategy.strategy, sentTo: factor.safeIdentifier ?? handle.identifier)
        return try await codeLoop(prompt, resend: sendCode) { (code) async throws(ClerkError) -> Step<SignInHandle> in
            .next(try await handle.attemptFirstFactor(strategy.attemptFirstFactor(code)))
        }
    }
}
