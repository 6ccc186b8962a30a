import Clerk

/// An authenticator-app code (TOTP) as second factor: no prepare step, one attempt
/// (`attempt_second_factor {strategy: totp, code}`).
///
/// ```swift
/// let registry = try FactorRegistry([PasswordStrategy(), TOTPStrategy()])
/// ```
public struct TOTPStrategy: FactorStrategy {
    /// The strategy value this module handles.
    public let strategy = Strategy.totp
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage> = [.secondFactor]
    /// What the user supplies.
    public let credential = CredentialKind.code

    /// The TOTP strategy.
    public init() {}

    /// TOTP needs no prepare step: the code comes from the authenticator app.
    public func prepareSecondFactor(_ factor: SignInFactor) -> PrepareSignInSecondFactorRequest.Body? { nil }

    /// `{strategy: totp, code}`.
    public func attemptSecondFactor(_ secret: SecretString) -> AttemptSignInSecondFactorRequest.Body {
        AttemptSignInSecondFactorRequest.Body(strategy: .totp, code: secret.revealed)
    }
}

extension SignInHandle {
    /// Verifies an authenticator-app code (`attempt_second_factor`, never retried).
    public func verifyTOTP(_ code: SecretString) async throws(ClerkError) -> SignInHandle {
        try await attemptSecondFactor(TOTPStrategy().attemptSecondFactor(code))
    }
}
