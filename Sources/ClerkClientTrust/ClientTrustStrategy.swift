import Clerk

/// Client Trust: answers `needs_client_trust` (a password sign-in on a new device) with an
/// email code, or a phone code when the sign-in offers no email, through
/// `prepare_second_factor` and `attempt_second_factor`.
///
/// Register both channels with `ClientTrustStrategy.all`; the email one comes first, so it is
/// preferred whenever the sign-in supports it.
///
/// ```swift
/// var registry = try FactorRegistry([PasswordStrategy()])
/// try registry.registerClientTrust()
/// ```
public struct ClientTrustStrategy: FactorStrategy {
    /// The delivery channel of the code.
    public enum Channel: Sendable, Hashable {
        /// An email code (`email_code`, `email_address_id`).
        case email
        /// A phone code (`phone_code`, `phone_number_id`).
        case phone
    }

    /// The channel this instance answers with.
    public let channel: Channel
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage> = [.clientTrust]
    /// What the user supplies.
    public let credential = CredentialKind.code
    /// Sends a code before the attempt.
    public let capabilities: FactorCapabilities = .sendsCode

    /// Client trust through `channel`.
    public init(_ channel: Channel) {
        self.channel = channel
    }

    /// Email first, then phone: the order the flow driver tries them in.
    public static let all: [ClientTrustStrategy] = [ClientTrustStrategy(.email), ClientTrustStrategy(.phone)]

    /// `email_code` or `phone_code`, after the channel.
    public var strategy: Strategy { channel == .email ? .emailCode : .phoneCode }

    /// A factor of the channel's strategy that names where its code goes.
    public func accepts(_ factor: SignInFactor) -> Bool {
        switch channel {
        case .email: factor.strategy == .emailCode && factor.emailAddressID != nil
        case .phone: factor.strategy == .phoneCode && factor.phoneNumberID != nil
        }
    }

    /// The factor to confirm this device with, among a sign-in's supported second factors:
    /// the email factor when the sign-in offers one, else the phone factor.
    public static func preferredFactor(in signIn: SignInHandle) -> (strategy: ClientTrustStrategy, factor: SignInFactor)? {
        for strategy in all {
            if let factor = strategy.selectFactor(from: signIn.supportedSecondFactors, identifier: signIn.identifier) {
                return (strategy, factor)
            }
        }
        return nil
    }
}

extension FactorRegistry {
    /// Registers Client Trust by email code, then by phone code.
    /// - Throws: `ClerkError.configuration(.duplicateStrategy)` if either is already registered.
    public mutating func registerClientTrust() throws(ClerkError) {
        for strategy in ClientTrustStrategy.all { try register(strategy) }
    }
}

extension SignInHandle {
    /// Sends the client-trust code for a `needs_client_trust` sign-in: by email when offered,
    /// else by phone (`prepare_second_factor`).
    /// - Throws: `ClerkError.flow(.noApplicableStrategy)` when neither is offered.
    public func sendClientTrustCode() async throws(ClerkError) -> SignInHandle {
        guard let (strategy, factor) = ClientTrustStrategy.preferredFactor(in: self) else {
            throw .flow(.noApplicableStrategy(stage: .clientTrust, supported: supportedSecondFactors.map(\.strategy)))
        }
        return try await prepareSecondFactor(strategy.prepareSecondFactor(factor))
    }

    /// Verifies the client-trust code (`attempt_second_factor`, never retried), with the strategy
    /// the code was sent by.
    public func verifyClientTrustCode(_ code: SecretString) async throws(ClerkError) -> SignInHandle {
        let sentBy = secondFactorVerification?.strategy ?? ClientTrustStrategy.preferredFactor(in: self)?.strategy.strategy ?? .emailCode
        return try await attemptSecondFactor(AttemptSignInSecondFactorRequest.Body(strategy: sentBy, code: code.revealed))
    }
}
