import ClerkAPI
import ClerkLocalCore
import Hummingbird

/// Sign-ins and sign-ups with an identity token (`oauth_token_apple`, `oauth_token_google`,
/// `google_one_tap`): the request is counted against the rate limits, then the token is verified, off the
/// store's actor (a signature check, and perhaps a fetch of the provider's keys); the store then gets the
/// identity it proved, never the token.
extension IdentityTokenProvider {
    /// `strategy` when it is one of the identity-token strategies.
    package static func tokenStrategy(_ strategy: Strategy?) -> Strategy? {
        strategy.flatMap { IdentityTokenProvider(strategy: $0) == nil ? nil : $0 }
    }
}

extension FrontendCall where Body == CreateSignInRequest.Body {
    /// `POST /v1/client/sign_ins {strategy, token, code?}`.
    func signInWithIdentityToken(_ strategy: Strategy) async throws -> Response {
        try await core.store.admitIdentityToken(meta)
        let identity = try await core.identityTokens.verifier.verify(body.token, strategy: strategy, settings: core.settings)
        let locale = body.locale
        return try await signIn { try $0.signInWithIdentity(meta, identity, locale: locale) }
    }
}

extension FrontendCall where Body == CreateSignUpRequest.Body {
    /// `POST /v1/client/sign_ups {strategy, token, code?, …}`: the other fields as in any sign-up.
    func signUpWithIdentityToken(_ strategy: Strategy) async throws -> Response {
        try await core.store.admitIdentityToken(meta)
        let identity = try await core.identityTokens.verifier.verify(body.token, strategy: strategy, settings: core.settings)
        var input = SignUpInput(body)
        input.strategy = nil
        let password = input.password
        let hash = try await password.asyncMap { try await hashNewPassword($0, identifiers: [identity.emailAddress]) }
        return try await signUp { [input] in try $0.createSignUpWithIdentity(meta, input, identity: identity, passwordHash: hash) }
    }
}
