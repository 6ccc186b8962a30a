import Clerk

/// A backup code as second factor: no prepare step, one attempt
/// (`attempt_second_factor {strategy: backup_code, code}`).
///
/// ```swift
/// let registry = try FactorRegistry([PasswordStrategy(), TOTPStrategy(), BackupCodeStrategy()])
/// ```
public struct BackupCodeStrategy: FactorStrategy {
    /// The strategy value this module handles.
    public let strategy = Strategy.backupCode
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage> = [.secondFactor]
    /// What the user supplies.
    public let credential = CredentialKind.code

    /// The backup code strategy.
    public init() {}
}

extension SignInHandle {
    /// Verifies a backup code (`attempt_second_factor`, never retried).
    public func verifyBackupCode(_ code: SecretString) async throws(ClerkError) -> SignInHandle {
        try await attemptSecondFactor(BackupCodeStrategy().attemptSecondFactor(code))
    }
}
