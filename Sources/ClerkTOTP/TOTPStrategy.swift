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
}

extension SignInHandle {
    /// Verifies an authenticator-app code (`attempt_second_factor`, never retried).
    public func verifyTOTP(_ code: SecretString) async throws(ClerkError) -> SignInHandle {
        try await attemptSecondFactor(TOTPStrategy().attemptSecondFactor(code))
    }
}
