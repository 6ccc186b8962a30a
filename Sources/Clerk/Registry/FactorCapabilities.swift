/// What a `FactorStrategy` can do beyond attempting its factor. The flow driver reads these
/// instead of guessing from a strategy's answers.
///
/// ```swift
/// public var capabilities: FactorCapabilities { [.startsSignIn, .sendsCode] }
/// ```
public struct FactorCapabilities: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Capabilities from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Creates a sign-in by itself as its first factor (`startSignIn`), in one request when the
    /// API allows it: a password, or a code that the same request sends.
    public static let startsSignIn = FactorCapabilities(rawValue: 1 << 0)
    /// Sends something (a code, a link) that the user then enters, so each stage is prepared
    /// before its attempt, and prepared again when the user asks to resend. Strategies without
    /// it (password, authenticator app, backup code) are attempted directly.
    public static let sendsCode = FactorCapabilities(rawValue: 1 << 1)
    /// Turns an identifier without an account into a sign-up (signUpIfMissing): when its
    /// first-factor attempt answers `sign_up_if_missing_transfer`, the driver creates the
    /// sign-up with `transfer=true`.
    public static let transfersMissingAccount = FactorCapabilities(rawValue: 1 << 2)
    /// Sends a link (`email_link`) that the user opens, on this device or another, instead of a
    /// code to type: the driver tells the user where it went, then waits for the verification
    /// (polling, or the redirect URL the app hands it) rather than asking for a code.
    public static let sendsLink = FactorCapabilities(rawValue: 1 << 3)
}
