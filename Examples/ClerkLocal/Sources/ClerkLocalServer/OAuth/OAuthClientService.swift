import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// clerk-local as the OAuth 2.0 / OpenID Connect client of the configured providers: the
/// authorization URL of a browser sign-in (code flow, PKCE S256, `state`, `nonce`), and at the
/// callback the code's exchange at the token endpoint, the userinfo endpoint's answer when the
/// provider has one (what the ID token lacks), and the ID token's verification against the
/// provider's JWK Set. The store gets the identity the token proved, never a code or token.
package final class OAuthClientService: Sendable {
    let pending = PendingAuthorizations()
    let directory = OAuthEndpointDirectory()
    /// The provider the `social` preset serves itself.
    package let builtIn = BuiltInOAuthProvider()

    package init() {}

    /// `POST /v1/client/sign_ins {strategy: oauth_<provider>, redirect_url}`.
    func startSignIn(_ call: FrontendCall<CreateSignInRequest.Body>, provider: IdentityTokenProvider) async throws -> Response {
        try await authorize(call, provider, .signIn, ExternalSignInRules.self, redirectURL: call.body.redirectURL, locale: call.body.locale) { rules, start in
            try rules.startOAuthSignIn(call.meta, start)
        } present: { answer in
            (answer.resource.id, try await call.envelope(call.core.presenter.signIn(answer.resource, snapshot: answer.snapshot), answer.snapshot))
        }
    }

    /// `POST /v1/client/sign_ins/{id}/prepare_first_factor {strategy: oauth_<provider>, redirect_url}`.
    func prepareFirstFactor(_ call: FrontendCall<PrepareSignInFirstFactorRequest.Body>, provider: IdentityTokenProvider) async throws -> Response {
        let id = try call.parameter("sign_in_id")
        return try await authorize(call, provider, .signIn, ExternalSignInRules.self, redirectURL: call.body.redirectURL, locale: nil) { rules, start in
            try rules.prepareOAuthFirstFactor(call.meta, id: id, start)
        } present: { answer in
            (answer.resource.id, try await call.envelope(call.core.presenter.signIn(answer.resource, snapshot: answer.snapshot), answer.snapshot))
        }
    }

    /// A sign-in's or sign-up's verification sent to `provider`'s authorization URL by `operation`,
    /// and the authorization waiting for its callback once the store took it.
    func authorize<Body: Sendable, Rules: InstanceRules, Record: Sendable>(
        _ call: FrontendCall<Body>, _ provider: IdentityTokenProvider, _ kind: PendingAuthorization.Kind, _ rules: Rules.Type,
        redirectURL: String?, locale: String?,
        _ operation: @escaping @Sendable (inout Rules, OAuthSignInStart) throws -> StoreAnswer<Record>,
        present: @escaping @Sendable (StoreAnswer<Record>) async throws -> (id: String, response: Response)
    ) async throws -> Response {
        let core = call.core
        let refusal = await core.store.read(ExternalSignInRules.self) { $0.oauthRefusal(provider, redirectURL: redirectURL) }
        if let refusal { throw refusal }
        guard let redirectURL else { throw IdentityTokenVerifier.notEnabled(provider) }
        let (waiting, state, authorizationURL) = try await authorization(provider, kind: kind, redirectURL: redirectURL, core: core)
        let now = core.now()
        let start = OAuthSignInStart(provider: provider, redirectURL: redirectURL, authorizationURL: authorizationURL, locale: locale)
        let pending = pending
        return try await call.answer(rules, { try operation(&$0, start) }) { answer in
            let presented = try await present(answer)
            var registered = waiting
            registered.attemptID = presented.id
            await pending.add(registered, state: state, now: now)
            return presented.response
        }
    }

    static func authorizationURL(_ waiting: PendingAuthorization, clientID: String, state: String, additionalScopes: [String] = []) -> String {
        URLQueryAppending.appending(
            [
                URLQueryItem(name: "response_type", value: "code"),
                URLQueryItem(name: "client_id", value: clientID),
                URLQueryItem(name: "redirect_uri", value: waiting.callbackURL),
                URLQueryItem(name: "scope", value: (["openid", "email", "profile"] + additionalScopes).joined(separator: " ")),
                URLQueryItem(name: "state", value: state),
                URLQueryItem(name: "code_challenge", value: PKCE.challenge(for: waiting.codeVerifier)),
                URLQueryItem(name: "code_challenge_method", value: "S256"),
                URLQueryItem(name: "nonce", value: waiting.nonce),
            ], to: waiting.endpoints.authorizationEndpoint)
    }

    /// `GET /v1/oauth_callback?code&state` (or `?error&state`): the provider's answer (the identity
    /// its ID token proved, or the refusal) held on the sign-in's verification, and the browser sent
    /// on to the app's `redirect_url` with a new `rotating_token_nonce`, which only the client that
    /// started the sign-in can redeem. An unknown, used or expired `state` answers 400
    /// `oauth_callback_invalid`: there is nowhere to send the browser.
    func callback(_ query: [String: String], core: ServerCore) async -> Response {
        guard let state = query["state"], !state.isEmpty, let waiting = await pending.take(state, now: core.now()) else {
            return WireResponses.error(FrontendError(.oauthCallbackInvalid), client: nil, clientToken: nil)
        }
        let result: OAuthCallbackResult
        if let error = query["error"] {
            result = .refused(code: (error == "access_denied" ? ClerkErrorCode.oauthAccessDenied : .oauthCallbackInvalid).rawValue)
        } else if let code = query["code"], !code.isEmpty {
            switch await identity(code: code, waiting, core: core) {
            case .success(let identity): result = .identity(identity)
            case .failure(let refusal): result = .refused(code: refusal.code.rawValue)
            }
        } else {
            result = .refused(code: ClerkErrorCode.oauthCallbackInvalid.rawValue)
        }
        if case .connection(let connection) = waiting.kind { return await finishConnection(connection, result, waiting, core: core) }
        let nonce = SecureRandom.token()
        do {
            try await hold(result, for: waiting, nonce: nonce, core: core)
        } catch let refusal as FrontendError {
            return WireResponses.error(refusal, client: nil, clientToken: nil)
        } catch {
            return WireResponses.error(FrontendError(.internalClerkError), client: nil, clientToken: nil)
        }
        return Self.redirect(to: waiting.redirectURL, nonce: nonce)
    }

    /// 303 to the app's redirect URL with the `rotating_token_nonce`, as Clerk's native sign-ins get it.
    static func redirect(to redirectURL: String, nonce: String) -> Response {
        let location = URLQueryAppending.appending([URLQueryItem(name: "rotating_token_nonce", value: nonce)], to: redirectURL)
        return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// The code exchanged at the token endpoint, and the ID token it gives verified.
    func identity(code: String, _ waiting: PendingAuthorization, core: ServerCore) async -> Result<VerifiedIdentity, FrontendError> {
        let failure = FrontendError(.oauthTokenExchangeError)
        let config = waiting.config
        guard let url = URL(string: waiting.endpoints.tokenEndpoint) else { return .failure(failure) }
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
        var userinfo: IdentityTokenClaims?
        if let address = waiting.endpoints.userinfoEndpoint {
            guard let answered = await self.userinfo(at: address, accessToken: answer.accessToken) else {
                return .failure(FrontendError(.oauthFetchUserError))
            }
            userinfo = answered
        }
        let keys = IdentityProviderConfig(
            clientID: config.clientID, issuer: waiting.endpoints.issuer, jwksURL: config.builtIn ? nil : waiting.endpoints.jwksURI,
            test: config.builtIn)
        do {
            return .success(
                try await core.identityTokens.verifier.verify(
                    answer.idToken, provider: waiting.provider, strategy: waiting.provider.oauthStrategy, config: keys, nonce: waiting.nonce,
                    userinfo: userinfo))
        } catch {
            return .failure(error.code == .oauthFetchUserError ? error : failure)
        }
    }

    private struct TokenAnswer: Decodable {
        var idToken: String
        var accessToken: String?

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
            case accessToken = "access_token"
        }
    }
}
