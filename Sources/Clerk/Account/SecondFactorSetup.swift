/// A second factor the user can set up on their account, as the `setup-mfa` session task asks:
/// `ClerkTOTP`'s `TOTPStrategy` (authenticator app) and `ClerkPhoneCode`'s `PhoneCodeStrategy`
/// (text message) conform. The flow driver offers every registered strategy that conforms and
/// lists `.secondFactor` or `.secondFactorSetup` in its `stages` (the first registered of each
/// strategy value), asking the user to choose when there are several.
///
/// A strategy of another module plugs in the same way: it asks through the context and sends
/// its requests through `context.account`.
public protocol SecondFactorSetup: FactorStrategy {
    /// Sets the factor up and verifies it, asking the user through `context`.
    /// - Returns: `.enabled` with any backup codes the API answered, or `.startOver` when the
    ///   user asked to.
    func setUp(_ context: SecondFactorSetupContext) async throws(ClerkError) -> SecondFactorSetupOutcome
}

/// How setting up a second factor ended.
public enum SecondFactorSetupOutcome: Sendable, Hashable {
    /// The factor is verified and on; `backupCodes` are codes the API generated with it (shown
    /// to the user once by the flow driver), nil when it generated none.
    case enabled(backupCodes: BackupCodeList?)
    /// The user answered `.startOver`.
    case startOver
}
