import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// clerk-local as the OAuth 2.0 / OpenID Connect client of the configured providers: the
/// authorization URL of a browser sign-in (code flow, PKCE S256, `state`, `nonce`), and at the
/// callback the code's exchange at the token endpoint and the ID token's verification against the
/// provider's JWK Set. The store gets the identity the token proved, never a code or token.
package final class OAuthClientService: Sendable {
    let pending = PendingAuthorizations()
    let directory = OAuthEndpointDirectory()
    /// The provider the `social` preset serves itself.
    package let builtIn = BuiltInOAuthProvider()

    package init() {}

    /// `POST /v1/client/sign_ins {strategy: oauth_<provider>, redirect_url}`.
    func startSignIn(_ call: FrontendCall<CreateSignInRequest.Body>, provider: IdentityTokenProvider) async throws -> Response {
        let core = call.core
        let redirectURL = call.body.redirectURL
        if let refusal = await core.store.oauthRefusal(provider, redirectURL: redirectURL) { throw refusal }
        guard let redirectURL else { throw IdentityTokenVerifier.notEnabled(provider) }
        let (waiting, state, authorizationURL) = try await authorization(provider, redirectURL: redirectURL, core: core)
        let now = core.now()
        let start = OAuthSignInStart(provider: provider, redirectURL: redirectURL, authorizationURL: authorizationURL, locale: call.body.locale)
        let pending = pending
        return try await call.answer({ try $0.startOAuthSignIn(call.meta, start) }) { answer in
            var registered = waiting
            registered.signInID = answer.resource.id
            await pending.add(registered, state: state, now: now)
            return try await call.envelope(core.presenter.signIn(answer.resource, snapshot: answer.snapshot), answer.snapshot)
        }
    }

    static func authorizationURL(_ waiting: PendingAuthorization, clientID: String, state: String) -> String {
        URLQueryAppending.appending(
            [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: clientID),
                URLQueryItem(name: "redirect_uri", value: waiting.callbackURL),
                URLQueryItem(name: "scope", value: "openid email profile"),
                URLQueryItem(name: "state", value: state),
                URLQueryItem(name: "code_challenge", value: PKCE.challenge(for: waiting.codeVerifier)),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
                URLQueryItem(name: "nonce", value: waiting.nonce),
            ], to: waiting.endpoints.authorizationEndpoint)
    }

    /// `GET /v1/oauth_callback?code&state` (or `?error&state`): the sign-in completed, made
    /// transferable, or failed with the reason; the browser sent on to the app's `redirect_url`
    /// with `rotating_token_nonce`. An unknown, used or expired `state` answers 400
    /// `oauth_callback_invalid`: there is nowhere to send the browser.
    func callback(_ query: [String: String], core: ServerCore) async -> Response {
        guard let state = query["state"], !state.isEmpty, let waiting = await pending.take(state, now: core.now()) else {
            return WireResponses.error(FrontendError(.oauthCallbackInvalid), client: nil, clientToken: nil)
        }
        let outcome: Result<VerifiedIdentity, FrontendError>
        if let error = query["error"] {
            outcome = .failure(FrontendError(error == "access_denied" ? .oauthAccessDenied : .oauthCallbackInvalid))
        } else if let code = query["code"], !code.isEmpty {
            outcome = await identity(code: code, waiting, core: core)
        } else {
            outcome = .failure(FrontendError(.oauthCallbackInvalid))
        }
        if let connection = waiting.connection { return await finishConnection(connection, outcome, waiting, core: core) }
        let signInID = waiting.signInID
        do {
            switch outcome {
            case .success(let identity):
                do {
                    try await core.store.perform { try $0.completeOAuthSignIn(signInID: signInID, identity) }
                } catch let refusal as FrontendError where refusal.code != .oauthCallbackInvalid {
                    // The user cannot sign in now (locked, already signed in): the verification says why.
                    try await core.store.perform { try $0.failOAuthSignIn(signInID: signInID, code: refusal.code) }
                }
            case .failure(let refusal):
                try await core.store.perform { try $0.failOAuthSignIn(signInID: signInID, code: refusal.code) }
            }
        } catch let refusal as FrontendError {
            return WireResponses.error(refusal, client: nil, clientToken: nil)
        } catch {
            return WireResponses.error(FrontendError(.internalClerkError), client: nil, clientToken: nil)
        }
        return Self.redirect(to: waiting.redirectURL)
    }

    /// 303 to the app's redirect URL with a `rotating_token_nonce`, as Clerk's native sign-ins get it.
    static func redirect(to redirectURL: String) -> Response {
        let location = URLQueryAppending.appending([URLQueryItem(name: "rotating_token_nonce", value: SecureRandom.token())], to: redirectURL)
        return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// The code exchanged at the token endpoint, and the ID token it gives verified.
    func identity(code: String, _ waiting: PendingAuthorization, core: ServerCore) async -> Result<VerifiedIdentity, FrontendError> {
        let failure = FrontendError(.oauthTokenExchangeError)
        guard let config = core.settings.oauthProviders?.config(for: waiting.provider), let url = URL(string: waiting.endpoints.tokenEndpoint)
        else { return .failure(failure) }
        let form = FormFields([
            FormField("grant_type", "authorization_code"), FormField("code", code), FormField("redirect_uri", waiting.callbackURL),
            FormField("client_id", config.clientID), FormField("client_secret", config.clientSecret),
            FormField("code_verifier", waiting.codeVerifier),
        ])
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.httpBody = Data(form.percentEncoded().utf8)
        guard let (data, response) = try? await directory.session.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let answer = try? JSONDecoder().decode(TokenAnswer.self, from: data)
        else { return .failure(failure) }
        let keys = IdentityProviderConfig(
            clientID: config.clientID, issuer: waiting.endpoints.issuer, jwksURL: config.builtIn ? nil : waiting.endpoints.jwksURI,
            test: config.builtIn)
        do {
            return .success(
                try await core.identityTokens.verifier.verify(
                    answer.idToken, provider: waiting.provider, strategy: waiting.provider.oauthStrategy, config: keys, nonce: waiting.nonce))
        } catch {
            return .failure(failure)
        }
    }

    private struct TokenAnswer: Decodable {
        var idToken: String

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
        }
    }
}
