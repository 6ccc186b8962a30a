import Clerk
import Foundation

extension ClerkClient {
    /// Starts an email link sign-in and sends the link, in one request
    /// (`POST /v1/client/sign_ins {identifier, strategy: email_link, redirect_url}`, with
    /// `sign_up_if_missing` when asked). Then wait with `waitForEmailLink(polling:)`, or hand
    /// the redirect to `handleRedirect(_:)`.
    public func startEmailLinkSignIn(
        emailAddress: String, redirectURL: URL, signUpIfMissing: Bool = false
    ) async throws(ClerkError) -> SignInHandle {
        let strategy = EmailLinkStrategy(redirectURL: redirectURL, signUpIfMissing: signUpIfMissing)
        return try await createSignIn(strategy.startSignIn(identifier: emailAddress, password: nil))
    }
}

extension SignInHandle {
    /// Sends an email link for the first factor, or for Client Trust when the sign-in needs it
    /// (`prepare_first_factor` or `prepare_second_factor` with `{strategy: email_link,
    /// email_address_id, redirect_url}`), to the address the sign-in offers.
    /// - Throws: `FlowError.noApplicableStrategy` before any request when the sign-in offers no email link.
    public func sendEmailLink(redirectURL: URL) async throws(ClerkError) -> SignInHandle {
        let strategy = EmailLinkStrategy(redirectURL: redirectURL)
        let clientTrust = status == .needsClientTrust
        let factors = clientTrust ? supportedSecondFactors : supportedFirstFactors
        guard let factor = strategy.selectFactor(from: factors, identifier: identifier) else {
            throw .flow(.noApplicableStrategy(stage: clientTrust ? .clientTrust : .firstFactor, supported: factors.map(\.strategy)))
        }
        return clientTrust
            ? try await prepareSecondFactor(strategy.prepareSecondFactor(factor))
            : try await prepareFirstFactor(strategy.prepareFirstFactor(factor))
    }
}

extension SignUpHandle {
    /// Sends the email link that verifies the sign-up's email address
    /// (`prepare_verification {strategy: email_link, redirect_url}`).
    public func sendEmailLink(redirectURL: URL) async throws(ClerkError) -> SignUpHandle {
        try await prepareVerification(EmailLinkStrategy(redirectURL: redirectURL).prepareVerification())
    }
}
