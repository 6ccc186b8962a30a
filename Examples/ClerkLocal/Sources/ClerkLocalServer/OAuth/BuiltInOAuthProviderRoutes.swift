import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The OpenID Connect provider clerk-local serves where `oauth_providers.{provider}.built_in` (the
/// `social` preset's Google), at `/__local/oauth/{provider}`: a browser reaches its pages, and
/// clerk-local's own OAuth client its token endpoint, without the secret key; the pages that pick an
/// identity answer loopback callers only, with the `Host` and `Origin` rules of the rest of `/__local`
/// (a DNS-rebinding page cannot make the provider vouch for an address).
///
/// - `GET …/.well-known/openid-configuration`: the discovery document.
/// - `GET …/authorize?response_type=code&client_id&redirect_uri&state&code_challenge&code_challenge_method=S256&nonce`:
///   an HTML page listing test people, an address of one's own, and "Deny".
/// - `GET …/authorize/decide?request=…&email=…` (or `&deny=1`): back to `redirect_uri` with `code`
///   and `state`, or `error=access_denied`.
/// - `POST …/token` (form): `{access_token, token_type, expires_in, id_token}` for a code, checked
///   against the client's credentials, the redirect URI and the PKCE verifier.
/// - `GET …/userinfo` (`Authorization: Bearer`), `GET …/jwks`.
struct BuiltInOAuthProviderRoutes: Sendable {
    let core: ServerCore

    static func path(_ provider: IdentityTokenProvider) -> String {
        "/__local/oauth/" + provider.rawValue
    }

    func register(on router: Router<LocalRequestContext>) {
        let group = router.group("/__local/oauth/:provider")
        group.get(".well-known/openid-configuration") { _, context in
            try await answer(context) { provider, _ in
                let endpoints = OAuthEndpoints.builtIn(provider, baseURL: core.baseURL)
                var document = try JSONDecoder().decode([String: JSONValue].self, from: JSONEncoder().encode(endpoints))
                document["response_types_supported"] = .array([.string("code")])
                document["subject_types_supported"] = .array([.string("public")])
                document["id_token_signing_alg_values_supported"] = .array([.string(provider == .apple ? "RS256" : "ES256")])
                document["code_challenge_methods_supported"] = .array([.string("S256")])
                document["token_endpoint_auth_methods_supported"] = .array([.string("client_secret_post")])
                return WireResponses.json(try JSONEncoder().encode(document))
            }
        }
        group.get("authorize") { request, context in
            try await answer(context) { provider, config in
                try onlyThisMachine(request, context)
                let id = try core.oauth.builtIn.authorize(
                    Self.query(request), config: config, callbackURL: core.baseURL + "/v1/oauth_callback", now: core.now())
                return try BuiltInOAuthPage.response(provider: provider, requestID: id, decidePath: Self.path(provider) + "/authorize/decide")
            }
        }
        group.get("authorize/decide") { request, context in
            try await answer(context) { _, _ in
                try onlyThisMachine(request, context)
                let query = Self.query(request)
                let person = query["deny"] == nil ? BuiltInOAuthProvider.person(emailAddress: query["email"] ?? "") : nil
                if query["deny"] == nil, person == nil {
                    throw BuiltInOAuthError(code: "invalid_request", description: "email is not an email address", status: 400)
                }
                let location = try core.oauth.builtIn.decide(requestID: query["request"] ?? "", person: person, now: core.now())
                return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
            }
        }
        group.post("token") { request, context in
            try await answer(context) { provider, config in
                var form: [String: String] = [:]
                for field in try await RequestReading.form(request, context) { form[field.name] = field.value }
                let now = core.now()
                let grant = try core.oauth.builtIn.exchange(form, config: config, now: now)
                let issued = now.timeIntervalSince1970.rounded(.down)
                let claims = IdentityTokenClaims(
                    iss: core.baseURL + Self.path(provider), aud: [config.clientID], exp: issued + 600, iat: issued,
                    sub: BuiltInOAuthProvider.subject(of: grant.person), email: grant.person.emailAddress,
                    emailVerified: LenientBool(grant.person.emailVerified), nonce: grant.nonce, givenName: grant.person.givenName,
                    familyName: grant.person.familyName)
                let idToken = try await core.identityTokens.testProviders().sign(claims, provider: provider)
                let body: [String: JSONValue] = [
                    "access_token": .string(grant.accessToken), "token_type": .string("Bearer"), "expires_in": .integer(600),
                    "id_token": .string(idToken), "scope": .string("openid email profile"),
                ]
                return WireResponses.json(try JSONEncoder().encode(body), extra: [.cacheControl: "no-store"])
            }
        }
        group.get("userinfo") { request, context in
            try await answer(context) { _, _ in
                let bearer = request.headers[.authorization].flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
                guard let person = bearer.flatMap({ core.oauth.builtIn.person(accessToken: $0, now: core.now()) }) else {
                    throw BuiltInOAuthError(code: "invalid_token", description: "unknown access token", status: 401)
                }
                let body: [String: JSONValue] = [
                    "sub": .string(BuiltInOAuthProvider.subject(of: person)), "email": .string(person.emailAddress),
                    "email_verified": .bool(person.emailVerified), "given_name": person.givenName.map(JSONValue.string) ?? .null,
                    "family_name": person.familyName.map(JSONValue.string) ?? .null,
                ]
                return WireResponses.json(try JSONEncoder().encode(body))
            }
        }
        group.get("jwks") { _, context in
            try await answer(context) { provider, _ in
                WireResponses.json(try await core.identityTokens.testProviders().jwksDocument(for: provider))
            }
        }
    }

    /// Runs `body` for a provider the settings make built-in (404 otherwise), answering its
    /// refusals as an OAuth server does.
    private func answer(
        _ context: LocalRequestContext, _ body: (IdentityTokenProvider, OAuthProviderConfig) async throws -> Response
    ) async throws -> Response {
        guard let provider = context.parameters.get("provider").flatMap(IdentityTokenProvider.init(rawValue:)),
            let config = core.settings.builtInOAuthConfig(for: provider)
        else {
            return WireResponses.error(FrontendError.notFound("ResourceNotFound"), client: nil, clientToken: nil)
        }
        do {
            return try await body(provider, config)
        } catch let refusal as BuiltInOAuthError {
            let json: [String: String] = ["error": refusal.code, "error_description": refusal.description]
            return WireResponses.json(try JSONEncoder().encode(json), status: HTTPResponse.Status(code: refusal.status))
        } catch let error as FrontendError {
            return WireResponses.error(error, client: nil, clientToken: nil)
        }
    }

    /// The page signs anyone in as any address, so it answers only a browser on this machine, and only
    /// when no other site steers it: off loopback the secret key guards `/__local`, and a browser cannot
    /// send it; a rebound `Host` or a foreign `Origin` is refused as on the rest of `/__local`.
    private func onlyThisMachine(_ request: Request, _ context: LocalRequestContext) throws {
        guard context.peerIsLoopback else {
            throw BuiltInOAuthError(
                code: "access_denied", description: "the built-in provider's page answers browsers on this machine (loopback) only", status: 403)
        }
        if let refusal = core.access.foreignPageRefusal(for: LocalAccessGuard.caller(request, context)) { throw refusal }
    }

    private static func query(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        return query
    }
}
