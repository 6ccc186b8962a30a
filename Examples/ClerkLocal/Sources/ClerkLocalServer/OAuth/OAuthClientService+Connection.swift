import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// Connecting a provider's account to the signed-in user through the browser: the same
/// authorization request as a sign-in's, and a callback that verifies the user's unverified
/// external account instead of a sign-in.
extension OAuthClientService {
    /// `POST /v1/me/external_accounts {strategy: oauth_<provider>, redirect_url}`.
    func startConnection(_ call: FrontendCall<ConnectExternalAccountRequest.Body>) async throws -> Response {
        let core = call.core
        guard let strategy = call.body.strategy, !strategy.rawValue.isEmpty else { throw FrontendError.missing("strategy") }
        guard let provider = IdentityTokenProvider(oauthStrategy: strategy) else {
            throw FrontendError.invalidValue("strategy", strategy.rawValue)
        }
        let (waiting, state, authorizationURL) = try await authorization(provider, kind: .signIn, redirectURL: call.body.redirectURL ?? "", core: core)
        let start = ExternalAccountConnectionStart(provider: provider, redirectURL: call.body.redirectURL, authorizationURL: authorizationURL)
        let sessionID = call.sessionID
        return try await register(waiting, state: state, call: call) { try $0.startExternalAccountConnection(call.meta, sessionID: sessionID, start) }
    }

    /// `PATCH /v1/me/external_accounts/{id}/reauthorize {redirect_url, additional_scope}`: the same
    /// authorization request for the account's provider, asking for the additional scopes too.
    func startReauthorization(_ call: FrontendCall<ReauthorizeExternalAccountRequest.Body>) async throws -> Response {
        let core = call.core
        let id = try call.parameter("external_account_id")
        let sessionID = call.sessionID
        let provider = try await core.store.perform(ExternalAccountRules.self) {
            try $0.reauthorizationProvider(call.meta, sessionID: sessionID, id: id)
        }
        let (waiting, state, authorizationURL) = try await authorization(
            provider, kind: .signIn, redirectURL: call.body.redirectURL, additionalScopes: call.body.additionalScope ?? [], core: core)
        let start = ExternalAccountConnectionStart(provider: provider, redirectURL: call.body.redirectURL, authorizationURL: authorizationURL)
        return try await register(waiting, state: state, call: call) {
            try $0.startExternalAccountReauthorization(call.meta, sessionID: sessionID, id: id, start)
        }
    }

    /// Runs `operation` and, once it started a connection, registers what waits for its callback.
    private func register<Body: Sendable>(
        _ waiting: PendingAuthorization, state: String, call: FrontendCall<Body>,
        _ operation: @escaping RulesOperation<ExternalAccountRules, StoreAnswer<UserExternalAccount>>
    ) async throws -> Response {
        let core = call.core
        let now = core.now()
        let pending = pending
        return try await call.answer(ExternalAccountRules.self, operation) { answer in
            var registered = waiting
            registered.kind = .connection(PendingConnection(userID: answer.resource.user.id, accountID: answer.resource.account.id))
            await pending.add(registered, state: state, now: now)
            let account = core.presenter.externalAccount(answer.resource.account, of: answer.resource.user, now: answer.snapshot.now)
            return try await call.envelope(account, answer.snapshot)
        }
    }

    /// The authorization request of a browser sign-in or connection with `provider`: what waits
    /// for the callback, its `state`, and the provider's URL the browser opens.
    func authorization(
        _ provider: IdentityTokenProvider, kind: PendingAuthorization.Kind, redirectURL: String, additionalScopes: [String] = [],
        core: ServerCore
    ) async throws -> (PendingAuthorization, state: String, url: String) {
        guard let config = core.settings.oauthProviders?.config(for: provider) else { throw IdentityTokenVerifier.notEnabled(provider) }
        return try await authorization(
            provider, config: config, title: provider.title, kind: kind, redirectURL: redirectURL, additionalScopes: additionalScopes, core: core)
    }

    /// The authorization request at the provider `config` describes (`title` names it in a refusal).
    func authorization(
        _ provider: IdentityTokenProvider, config: OAuthProviderConfig, title: String, kind: PendingAuthorization.Kind, redirectURL: String,
        additionalScopes: [String] = [], core: ServerCore
    ) async throws -> (PendingAuthorization, state: String, url: String) {
        guard let endpoints = await directory.endpoints(provider, config, baseURL: core.baseURL) else {
            throw FrontendError(.oauthTokenExchangeError, longMessage: "The \(title) provider's discovery document could not be read.")
        }
        let state = SecureRandom.token()
        var waiting = PendingAuthorization(
            provider: provider, config: config, kind: kind, attemptID: "", redirectURL: redirectURL, callbackURL: core.baseURL + "/v1/oauth_callback",
            codeVerifier: PKCE.newVerifier(), nonce: SecureRandom.token(), endpoints: endpoints, authorizationURL: "",
            expiresAt: core.now().addingTimeInterval(ExternalVerification.lifetime))
        waiting.authorizationURL = Self.authorizationURL(waiting, clientID: config.clientID, state: state, additionalScopes: additionalScopes)
        return (waiting, state, waiting.authorizationURL)
    }

    /// The provider's answer to a connection, held on the account's verification until the user's
    /// client presents the nonce the browser is sent on to the app's `redirect_url` with.
    func finishConnection(
        _ connection: PendingConnection, _ result: OAuthCallbackResult, _ waiting: PendingAuthorization, core: ServerCore
    ) async -> Response {
        let nonce = SecureRandom.token()
        do {
            try await core.store.perform(ExternalAccountRules.self) {
                try $0.holdExternalAccountConnection(userID: connection.userID, accountID: connection.accountID, nonce: nonce, result)
            }
        } catch let refusal as FrontendError {
            return WireResponses.error(refusal, client: nil, clientToken: nil)
        } catch {
            return WireResponses.error(FrontendError(.internalClerkError), client: nil, clientToken: nil)
        }
        return Self.redirect(to: waiting.redirectURL, nonce: nonce)
    }
}
