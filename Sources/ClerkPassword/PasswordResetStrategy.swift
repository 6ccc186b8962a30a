import Clerk

/// "Forgot password": a reset code by email (`reset_password_email_code`) or text message
/// (`reset_password_phone_code`), sent and checked through the sign-in's first-factor endpoints;
/// the sign-in then is `needs_new_password` and takes the new password (`reset_password`).
/// Registered at `.passwordReset` only, so a plain sign-in never uses it.
///
/// ```swift
/// var registry = try FactorRegistry([PasswordStrategy()])
/// try registry.registerPasswordReset()
/// let session = try await FlowDriver(client: clerk, registry: registry, answer: ask).resetPassword()
/// ```
public struct PasswordResetStrategy: FactorStrategy {
    /// Where the reset code goes.
    public enum Channel: Sendable, Hashable {
        /// By email (`reset_password_email_code`, `email_address_id`).
        case email
        /// By text message (`reset_password_phone_code`, `phone_number_id`).
        case phone
    }

    /// The channel this instance sends the code by.
    public let channel: Channel
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage> = [.passwordReset]
    /// What the user supplies.
    public let credential = CredentialKind.code
    /// Starts the sign-in with `{identifier, strategy}`, which sends the code, and sends a code
    /// again on request.
    public let capabilities: FactorCapabilities = [.startsSignIn, .sendsCode]

    /// A password reset through `channel`.
    public init(_ channel: Channel) {
        self.channel = channel
    }

    /// Email first, then phone: the order the flow driver tries them in.
    public static let all: [PasswordResetStrategy] = [PasswordResetStrategy(.email), PasswordResetStrategy(.phone)]

    /// `reset_password_email_code` or `reset_password_phone_code`, after the channel.
    public var strategy: Strategy { channel == .email ? .resetPasswordEmailCode : .resetPasswordPhoneCode }

    /// Accepts an identifier this channel can start a reset with: an email address for `.email`,
    /// a phone number in E.164 form for `.phone`.
    public func validate(identifier: String) throws(ClerkError) {
        switch channel {
        case .email:
            guard identifier.contains("@") else {
                throw .invalidInput(InvalidInput(field: "identifier", reason: "a reset by email needs an email address"))
            }
        case .phone:
            try PhoneNumberValidation.validate(identifier, field: "identifier")
        }
    }

    /// A reset factor of the channel that names where its code goes.
    public func accepts(_ factor: SignInFactor) -> Bool {
        switch channel {
        case .email: factor.strategy == .resetPasswordEmailCode && factor.emailAddressID != nil
        case .phone: factor.strategy == .resetPasswordPhoneCode && factor.phoneNumberID != nil
        }
    }

    /// The reset factor to use among a sign-in's supported first factors: by email when the
    /// sign-in offers it, else by phone.
    public static func preferredFactor(in signIn: SignInHandle) -> (strategy: PasswordResetStrategy, factor: SignInFactor)? {
        for strategy in all {
            if let factor = strategy.selectFactor(from: signIn.supportedFirstFactors, identifier: signIn.identifier) {
                return (strategy, factor)
            }
        }
        return nil
    }
}

extension FactorRegistry {
    /// Registers password reset by email code, then by phone code.
    /// - Throws: `ClerkError.configuration(.duplicateStrategy)` if either is already registered.
    public mutating func registerPasswordReset() throws(ClerkError) {
        for strategy in PasswordResetStrategy.all { try register(strategy) }
    }
}
