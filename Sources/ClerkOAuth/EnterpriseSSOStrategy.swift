import Clerk
import Foundation

/// Enterprise SSO (`enterprise_sso`): the user signs in at the identity provider of the enterprise
/// connection that serves their email address's domain, through the browser, as with an OAuth
/// provider and through the same ``OAuthRedirectSession``.
///
/// The sign-in starts with the address (`POST /v1/client/sign_ins {identifier, strategy: enterprise_sso}`),
/// whose supported first factor names the connection. The strategy's step prepares it with the
/// session's redirect URL (`prepare_first_factor {strategy: enterprise_sso, redirect_url}`), opens
/// the provider's page, and reads the sign-in again with the callback's `rotating_token_nonce`; a
/// first-time user is then signed up by the transfer, as after an OAuth sign-in.
///
/// ```swift
/// let registry = try FactorRegistry([EnterpriseSSOStrategy(session: LoopbackRedirectSession())])
/// ```
public struct EnterpriseSSOStrategy: FactorStrategy {
    /// `enterprise_sso`.
    public let strategy = Strategy.enterpriseSSO
    /// A first factor only.
    public let stages: Set<FactorStage> = [.firstFactor]
    /// Nothing typed in the app: the user signs in at the identity provider's page.
    public let credential = CredentialKind(rawValue: "identity_provider")
    /// What opens the provider's page and hands back the callback URL.
    public let session: any OAuthRedirectSession

    /// Starts a sign-in by itself (with the address as identifier).
    public var capabilities: FactorCapabilities { [.startsSignIn] }

    /// Enterprise SSO through `session` (a loopback listener and the system browser, a web
    /// authentication session on Apple platforms).
    public init(session: some OAuthRedirectSession) {
        self.session = session
    }

    /// An `enterprise_sso` factor that names its connection.
    public func accepts(_ factor: SignInFactor) -> Bool {
        factor.strategy == strategy && factor.enterpriseConnectionID != nil
    }

    /// Prepares the first factor with the session's redirect URL, opens the provider's page and
    /// reads the sign-in again with the callback's nonce (`SignInHandle.completeOAuth(callbackURL:)`).
    /// - Throws: the provider's refusal as `ClerkError.api`; `ClerkError.flow(.unsupportedStatus)`
    ///   outside a sign-in's first factor or when the answer names no provider page.
    public func verify<Handle: Sendable>(_ context: FactorStepContext<Handle>) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        guard context.stage == .firstFactor, let signIn = context.handle as? SignInHandle else {
            throw .flow(.unsupportedStatus(context.status(of: context.handle)))
        }
        let redirectURL = try await session.redirectURL()
        let prepared = try await signIn.prepareFirstFactor(
            PrepareSignInFirstFactorRequest.Body(strategy: strategy, redirectURL: redirectURL.absoluteString))
        guard let page = prepared.externalVerificationURL else { throw .flow(.unsupportedStatus(prepared.status.rawValue)) }
        let callback = try await session.open(page, redirectURL: redirectURL)
        guard let next = try await prepared.completeOAuth(callbackURL: callback) as? Handle else {
            throw .flow(.unsupportedStatus(prepared.status.rawValue))
        }
        return .next(next)
    }
}
