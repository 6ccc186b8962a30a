import ClerkAPI
import Foundation

/// What the server asks of a browser (OAuth) sign-in's start: the provider, the app's
/// `redirect_url`, and the provider's authorization URL the server built (with its `state`).
package struct OAuthSignInStart: Sendable {
    package var provider: IdentityTokenProvider
    package var redirectURL: String?
    package var authorizationURL: String
    package var locale: String?

    package init(provider: IdentityTokenProvider, redirectURL: String?, authorizationURL: String, locale: String?) {
        self.provider = provider
        self.redirectURL = redirectURL
        self.authorizationURL = authorizationURL
        self.locale = locale
    }
}

/// The rules of sign-ins through an identity provider: a browser (OAuth) sign-in and its callback, and a
/// provider's identity token (Sign in with Apple, Google).
package struct ExternalSignInRules: SignInAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

extension ExternalSignInRules {
    /// The refusal of a browser sign-in with `provider` to `redirectURL` before anything starts, or nil.
    package func oauthRefusal(_ provider: IdentityTokenProvider, redirectURL: String?) -> FrontendError? {
        guard settings.oauthProviders?.config(for: provider) != nil else { return IdentityTokenVerifier.notEnabled(provider) }
        guard let redirectURL, !redirectURL.isEmpty else { return .missing("redirect_url") }
        return RedirectURLRule.refusal(of: redirectURL, allowed: settings.allowedRedirectUrls)
    }

    /// `POST /v1/client/sign_ins {strategy: oauth_<provider>, redirect_url}`: a sign-in whose first
    /// factor is verified at the provider; its `external_verification_redirect_url` leads there.
    package mutating func startOAuthSignIn(_ meta: RequestMeta, _ start: OAuthSignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        if let refusal = oauthRefusal(start.provider, redirectURL: start.redirectURL) { throw refusal }
        try admit(meta)
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        var signIn = newSignIn(client: client, identifier: nil, userID: nil, concealed: false, locale: start.locale)
        signIn.firstFactor = externalVerification(start)
        return commit(signIn, client: &client)
    }

    /// `POST /v1/client/sign_ins/{id}/prepare_first_factor {strategy: oauth_<provider>, redirect_url}`:
    /// the sign-in's first factor becomes a verification at the provider, which then decides who
    /// signs in, as with a browser sign-in started by `POST /v1/client/sign_ins`.
    package mutating func prepareOAuthFirstFactor(_ meta: RequestMeta, id: String, _ start: OAuthSignInStart) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        if let refusal = oauthRefusal(start.provider, redirectURL: start.redirectURL) { throw refusal }
        var (client, signIn) = try signInAwaitingFirstFactor(meta, id: id, step: "prepare_first_factor")
        signIn.firstFactor = externalVerification(start)
        return commit(signIn, client: &client)
    }

    private func externalVerification(_ start: OAuthSignInStart) -> VerificationRecord {
        var verification = VerificationRecord(
            strategy: start.provider.oauthStrategy, fixedStatus: .unverified, attempts: nil, challenge: nil, factorID: nil)
        verification.external = ExternalVerification(
            redirectURL: start.authorizationURL, expiresAt: now.addingTimeInterval(ExternalVerification.lifetime))
        return verification
    }

    /// The provider's callback for the browser sign-in `signInID` came back with `result`: held on
    /// its verification, which still reads `unverified`, until the client that started it presents
    /// `nonce` (``redeemOAuthCallback(_:id:nonce:)``).
    /// `authorizationURL` names the verification the callback answers: one prepared again since
    /// then is not answered by the older authorization.
    package mutating func holdOAuthCallback(
        signInID: String, authorizationURL: String, _ result: OAuthCallbackResult, nonce: String
    ) throws(FrontendError) {
        var (signIn, client) = try awaitingProvider(signInID)
        guard signIn.firstFactor?.external?.redirectURL == authorizationURL else { throw FrontendError(.oauthCallbackInvalid) }
        signIn.firstFactor?.external?.held = HeldOAuthCallback(nonce: nonce, result: result)
        _ = commit(signIn, client: &client)
    }

    /// The sign-in and its client, while its browser verification still waits for the provider.
    private func awaitingProvider(_ signInID: String) throws(FrontendError) -> (SignInRecord, ClientRecord) {
        guard let signIn = signIns[signInID], let client = clients[signIn.clientID], client.signInID == signInID,
            let verification = signIn.firstFactor, verification.external != nil, verification.external?.held == nil,
            verification.status(now: now) == .unverified
        else { throw FrontendError(.oauthCallbackInvalid) }
        return (signIn, client)
    }
}
