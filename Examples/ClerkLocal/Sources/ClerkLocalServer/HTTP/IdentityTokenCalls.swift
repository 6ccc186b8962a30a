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
    /// `POST /v1/client/sign_ins {strategy, token, code?}`: the request is counted before the token is
    /// verified (outside the store).
    func signInWithIdentityToken(_ strategy: Strategy) async throws -> Response {
        let (meta, core, token, locale) = (meta, core, body.token, body.locale)
        return try await answer(
            ExternalSignInRules.self, plan: { try $0.admitIdentityToken(meta) },
            outside: { try await core.identityTokens.verifier.verify(token, strategy: strategy, settings: core.settings) },
            complete: { rules, _, identity in try rules.signInWithIdentity(meta, identity, locale: locale) }, present: presentSignIn)
    }
}

extension FrontendCall where Body == CreateSignUpRequest.Body {
    /// `POST /v1/client/sign_ups {strategy, token, code?, …}`: the other fields as in any sign-up.
    func signUpWithIdentityToken(_ strategy: Strategy) async throws -> Response {
        var input = SignUpInput(body)
        input.strategy = nil
        let (meta, core, token, newInput) = (meta, core, body.token, input)
        return try await answer(
            SignUpRules.self, plan: { try $0.admitIdentityToken(meta) },
            outside: { _ in
                let identity = try await core.identityTokens.verifier.verify(token, strategy: strategy, settings: core.settings)
                let hash = try await newInput.password.asyncMap { try await hashNewPassword($0, identifiers: [identity.emailAddress]) }
                return (identity, hash)
            },
            complete: { rules, _, proven in
                try rules.createSignUpWithIdentity(meta, newInput, identity: proven.0, passwordHash: proven.1)
            }, present: presentSignUp)
    }
}
