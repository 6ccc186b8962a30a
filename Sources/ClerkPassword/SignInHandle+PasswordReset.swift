import Clerk

extension ClerkClient {
    /// Starts a password reset without a flow driver: creates a sign-in with the identifier
    /// (`POST /v1/client/sign_ins {identifier}`) and sends the reset code by email, else by text
    /// (`prepare_first_factor`). Then `verifyPasswordResetCode(_:)` and `setNewPassword(_:)`.
    /// - Throws: `ClerkError.flow(.noApplicableStrategy)` when the sign-in offers no reset code.
    public func startPasswordReset(identifier: String) async throws(ClerkError) -> SignInHandle {
        if let starter = PasswordResetStrategy.all.first(where: { (try? $0.validate(identifier: identifier)) != nil }) {
            let handle = try await createSignIn(starter.startSignIn(identifier: identifier, password: nil))
            return handle.firstFactorVerification?.strategy == starter.strategy ? handle : try await handle.sendPasswordResetCode()
        }
        return try await createSignIn(CreateSignInRequest.Body(identifier: identifier)).sendPasswordResetCode()
    }
}

extension SignInHandle {
    /// Sends the password reset code, by email when the sign-in offers it, else by text
    /// (`prepare_first_factor {strategy: reset_password_…_code, email_address_id | phone_number_id}`).
    /// - Throws: `ClerkError.flow(.noApplicableStrategy)` when the sign-in offers neither.
    public func sendPasswordResetCode() async throws(ClerkError) -> SignInHandle {
        guard let (strategy, factor) = PasswordResetStrategy.preferredFactor(in: self) else {
            throw .flow(.noApplicableStrategy(stage: .passwordReset, supported: supportedFirstFactors.map(\.strategy)))
        }
        return try await prepareFirstFactor(strategy.prepareFirstFactor(factor))
    }

    /// Verifies the reset code (`attempt_first_factor`, never retried), with the strategy it was
    /// sent by. A right code makes the sign-in `needs_new_password`.
    public func verifyPasswordResetCode(_ code: SecretString) async throws(ClerkError) -> SignInHandle {
        let sentBy =
            firstFactorVerification?.strategy ?? PasswordResetStrategy.preferredFactor(in: self)?.strategy.strategy
            ?? .resetPasswordEmailCode
        return try await attemptFirstFactor(AttemptSignInFirstFactorRequest.Body(strategy: sentBy, code: code.revealed))
    }

    /// Sets the new password of a `needs_new_password` sign-in
    /// (`reset_password {password, sign_out_of_other_sessions}`, never retried). The answer is
    /// `complete`, or `needs_second_factor` when the account has MFA.
    public func setNewPassword(_ password: SecretString, signOutOfOtherSessions: Bool = true) async throws(ClerkError) -> SignInHandle {
        try await resetPassword(ResetPasswordRequest.Body(password: password.revealed, signOutOfOtherSessions: signOutOfOtherSessions))
    }
}
