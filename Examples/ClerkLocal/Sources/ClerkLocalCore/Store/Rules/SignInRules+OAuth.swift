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

extension SignInRules {
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
        var client = clientOrNew(meta)
        try ensureNoLiveSession(client)
        var signIn = newSignIn(client: client, identifier: nil, userID: nil, concealed: false, locale: start.locale)
        var verification = VerificationRecord(
            strategy: start.provider.oauthStrategy, fixedStatus: .unverified, attempts: nil, challenge: nil, factorID: nil)
        verification.external = ExternalVerification(
            redirectURL: start.authorizationURL, expiresAt: now.addingTimeInterval(ExternalVerification.lifetime))
        signIn.firstFactor = verification
        return commit(signIn, client: &client)
    }

    /// The provider answered the browser sign-in `signInID` with `identity` (its ID token verified):
    /// the user it belongs to is signed in (the account linked), or the sign-in becomes transferable.
    package mutating func completeOAuthSignIn(signInID: String, _ identity: VerifiedIdentity) throws(FrontendError) {
        var (signIn, client) = try awaitingProvider(signInID)
        if let user = owner(of: identity) {
            try proceed(&signIn, as: user, by: identity, client: &client)
        } else {
            markTransferable(&signIn, identity)
        }
        _ = commit(signIn, client: &client)
    }

    /// The provider (or the code's exchange) refused the browser sign-in `signInID`: its
    /// verification fails with `code`, which the app reads when it reloads the sign-in.
    package mutating func failOAuthSignIn(signInID: String, code: ClerkErrorCode) throws(FrontendError) {
        var (signIn, client) = try awaitingProvider(signInID)
        signIn.firstFactor?.external?.errorCode = code.rawValue
        _ = commit(signIn, client: &client)
    }

    /// The sign-in and its client, while its browser verification still waits for the provider.
    private func awaitingProvider(_ signInID: String) throws(FrontendError) -> (SignInRecord, ClientRecord) {
        guard let signIn = signIns[signInID], let client = clients[signIn.clientID], client.signInID == signInID,
            let verification = signIn.firstFactor, verification.external != nil, verification.status(now: now) == .unverified
        else { throw FrontendError(.oauthCallbackInvalid) }
        return (signIn, client)
    }
}
