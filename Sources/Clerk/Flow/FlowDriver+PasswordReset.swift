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
        return try await sessionAttempts { (driver, _) async throws(ClerkError) -> Outcome in
            let chosen = try await driver.identifier(given: &given, for: first.strategy)
            return try await driver.resetThenDrive(identifier: chosen, strategies: strategies, signOutOfOtherSessions: signOutOfOtherSessions)
        }
    }

    /// One try of the reset for `chosen`: the sign-in, the code, the new password, then the rest of the sign-in.
    private func resetThenDrive(
        identifier chosen: String, strategies: [any FactorStrategy], signOutOfOtherSessions: Bool
    ) async throws(ClerkError) -> Outcome {
        let step: Step<SignInHandle>
        // One request when a registered reset strategy can start the sign-in for this identifier
        // (`{identifier, strategy}` sends the code); two otherwise (create, then prepare).
        if let starter = strategies.first(where: { $0.capabilities.contains(.startsSignIn) && (try? $0.validate(identifier: chosen)) != nil }) {
            let body = starter.startSignIn(identifier: chosen, password: nil)
            let handle = try await resendingIfNotApplied { () async throws(ClerkError) in try await client.createSignIn(body) }
            onEvent(.signInStarted(identifier: chosen, strategy: starter.strategy))
            let sent = handle.firstFactorVerification?.strategy == starter.strategy
            if sent, let factor = starter.selectFactor(from: handle.supportedFirstFactors, identifier: chosen) {
                step = try await resetCode(handle, strategy: starter, factor: factor, alreadySent: true)
            } else {
                step = try await resetCode(afterCreating: handle, identifier: chosen)
            }
        } else {
            let handle = try await resendingIfNotApplied { () async throws(ClerkError) in
                try await client.createSignIn(CreateSignInRequest.Body(identifier: chosen))
            }
            onEvent(.signInStarted(identifier: chosen, strategy: strategies[0].strategy))
            step = try await resetCode(afterCreating: handle, identifier: chosen)
        }
        switch step {
        case .startOver, .transfer:
            return .startOver
        case .next(let next):
            return try await driveSignIn(next, preferred: nil, identifier: chosen, signOutOfOtherSessions: signOutOfOtherSessions)
        }
    }

    /// Picks the reset strategy the sign-in supports, sends its code and asks it.
    private func resetCode(afterCreating handle: SignInHandle, identifier: String) async throws(ClerkError) -> Step<SignInHandle> {
        let factors = handle.supportedFirstFactors
        guard let (strategy, factor) = registry.applicable(at: .passwordReset, among: factors, identifier: identifier).first else {
            throw .flow(.noApplicableStrategy(stage: .passwordReset, supported: factors.map(\.strategy)))
        }
        return try await resetCode(handle, strategy: strategy, factor: factor, alreadySent: false)
    }

    /// Sends the reset code (unless the create already did) and asks it until the API accepts one.
    private func resetCode(
        _ handle: SignInHandle, strategy: any FactorStrategy, factor: SignInFactor, alreadySent: Bool
    ) async throws(ClerkError) -> Step<SignInHandle> {
        let sendCode: () async throws(ClerkError) -> Void = {
            let body = strategy.prepareFirstFactor(factor)
            _ = try await resendingIfNotApplied { () async throws(ClerkError) in try await handle.prepareFirstFactor(body) }
        }
        if !alreadySent {
            try await sendCode()
        }
        let attempt = { (code: SecretString) async throws(ClerkError) -> Step<SignInHandle> in
            .next(try await handle.attemptFirstFactor(strategy.attemptFirstFactor(code)))
        }
        let context = FactorStepContext(
            stage: .passwordReset, strategy: strategy.strategy, handle: handle, sentTo: factor.safeIdentifier ?? handle.identifier,
            identifier: handle.identifier, driver: self, resend: sendCode, attempt: attempt,
            reread: { () async throws(ClerkError) in try await handle.reload() }, verification: { $0.firstFactorVerification },
            status: { $0.status.rawValue })
        return try await strategy.verify(context)
    }
}
