import Clerk
import Foundation

/// Email link: as first factor, as the Client Trust fallback, and to verify a sign-up's email
/// address. The email carries a link to the Frontend API's `/v1/verify?token=…`; opening it, on
/// this device or another, verifies the attempt and redirects to `redirectURL` with
/// `__clerk_status`. The strategy's step (`verify(_:)`) then goes on: it polls the attempt
/// (`polling`) or takes the redirect URL the app received (`FlowAnswer.redirect`).
///
/// As first factor, the sign-in starts in one request that also sends the link
/// (`POST /v1/client/sign_ins {identifier, strategy: email_link, redirect_url}`).
///
/// ```swift
/// let redirect = URL(string: "myapp://email-link")!
/// let registry = try FactorRegistry([EmailLinkStrategy(redirectURL: redirect)])
/// ```
public struct EmailLinkStrategy: FactorStrategy {
    /// The strategy value this module handles.
    public let strategy = Strategy.emailLink
    /// The stages this strategy applies to.
    public let stages: Set<FactorStage>
    /// Nothing to type: the user opens a link.
    public let credential = CredentialKind.link
    /// The sign-up field this strategy verifies.
    public let verifiedField: SignUpField? = .emailAddress
    /// Where opening the link redirects to (`redirect_url`): a URL the app opens (universal link
    /// or custom scheme) that the instance allows.
    public let redirectURL: URL
    /// Whether an address without an account becomes a sign-up once its link is opened
    /// (`sign_up_if_missing`).
    public let signUpIfMissing: Bool
    /// How the step waits for the link to be opened (`.acknowledged` to `.emailLinkSent`).
    public var polling: LinkPolling

    /// Starts a sign-in by itself, sends a link before each stage, and (with `signUpIfMissing`)
    /// turns an address without an account into a sign-up.
    public var capabilities: FactorCapabilities {
        var capabilities: FactorCapabilities = [.startsSignIn, .sendsCode, .sendsLink]
        if signUpIfMissing { capabilities.insert(.transfersMissingAccount) }
        return capabilities
    }

    /// Email link at `stages` (by default first factor, Client Trust and sign-up verification),
    /// redirecting to `redirectURL`; `signUpIfMissing` makes an unknown address a sign-up;
    /// `polling` says how the flow driver waits for the link to be opened.
    public init(
        redirectURL: URL,
        stages: Set<FactorStage> = [.firstFactor, .clientTrust, .signUpVerification],
        signUpIfMissing: Bool = false,
        polling: LinkPolling = .standard
    ) {
        self.redirectURL = redirectURL
        self.stages = stages.intersection([.firstFactor, .clientTrust, .signUpVerification])
        self.signUpIfMissing = signUpIfMissing
        self.polling = polling
    }

    /// Waits for the link sent to be opened (see `FactorStepContext.awaitEmailLink(polling:)`).
    public func verify<Handle: Sendable>(_ context: FactorStepContext<Handle>) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        try await context.awaitEmailLink(polling: polling)
    }

    /// An email link factor that names the address it is sent to.
    public func accepts(_ factor: SignInFactor) -> Bool {
        factor.strategy == .emailLink && factor.emailAddressID != nil
    }

    /// `{identifier, strategy: email_link, redirect_url}` (and `sign_up_if_missing`): creates the
    /// sign-in and sends the link.
    public func startSignIn(identifier: String, password: SecretString?) -> CreateSignInRequest.Body {
        CreateSignInRequest.Body(
            strategy: strategy, identifier: identifier, redirectURL: redirectURL.absoluteString,
            signUpIfMissing: signUpIfMissing ? true : nil)
    }

    /// `{strategy: email_link, email_address_id, redirect_url}`.
    public func prepareFirstFactor(_ factor: SignInFactor) -> PrepareSignInFirstFactorRequest.Body {
        PrepareSignInFirstFactorRequest.Body(
            strategy: strategy, emailAddressID: factor.emailAddressID, redirectURL: redirectURL.absoluteString)
    }

    /// `{strategy: email_link, email_address_id, redirect_url}` (Client Trust).
    public func prepareSecondFactor(_ factor: SignInFactor) -> PrepareSignInSecondFactorRequest.Body {
        PrepareSignInSecondFactorRequest.Body(
            strategy: strategy, emailAddressID: factor.emailAddressID, redirectURL: redirectURL.absoluteString)
    }

    /// `{strategy: email_link, redirect_url}`.
    public func prepareVerification() -> PrepareSignUpVerificationRequest.Body {
        PrepareSignUpVerificationRequest.Body(strategy: strategy, redirectURL: redirectURL.absoluteString)
    }
}
