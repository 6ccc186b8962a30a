import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// A sign-in through an enterprise connection (`enterprise_sso`): the authorization request of a
/// browser sign-in, at the OpenID Connect provider of the connection serving the identifier's
/// domain, and the same callback, whose result the sign-in's nonce redeems.
extension OAuthClientService {
    /// `POST /v1/client/sign_ins/{id}/prepare_first_factor {strategy: enterprise_sso, redirect_url}`.
    func prepareEnterpriseFirstFactor(_ call: FrontendCall<PrepareSignInFirstFactorRequest.Body>) async throws -> Response {
        let core = call.core
        let id = try call.parameter("sign_in_id")
        let redirectURL = call.body.redirectURL
        let checked = await core.store.read(EnterpriseSSORules.self) { rules in
            Result { () throws(FrontendError) in try rules.connectionToPrepare(signInID: id, redirectURL: redirectURL) }
        }
        let connection = try checked.get()
        let config = core.settings.oidcConfig(of: connection)
        let (waiting, state, authorizationURL) = try await authorization(
            .google, config: config, title: connection.name, kind: .signIn, redirectURL: redirectURL ?? "", core: core)
        let now = core.now()
        let pending = pending
        return try await call.answer(EnterpriseSSORules.self) {
            try $0.prepareEnterpriseFirstFactor(call.meta, id: id, connectionID: connection.id, redirectURL: redirectURL, authorizationURL: authorizationURL)
        } present: { answer in
            let response = try await call.envelope(core.presenter.signIn(answer.resource, snapshot: answer.snapshot), answer.snapshot)
            var registered = waiting
            registered.attemptID = answer.resource.id
            await pending.add(registered, state: state, now: now)
            return response
        }
    }
}

extension InstanceSettings {
    /// The credentials clerk-local uses at `connection`'s provider. The built-in provider knows one
    /// client, the one `oauth_providers` gives it (else its fixed credentials), whatever the
    /// connection's own say.
    func oidcConfig(of connection: EnterpriseConnection) -> OAuthProviderConfig {
        guard connection.oidc.builtIn else { return connection.oidc }
        return builtInOAuthConfig(for: .google) ?? .builtIn
    }

    /// The client the built-in provider of `provider` serves, nil when nothing uses it: the
    /// `oauth_providers` entry that makes it built-in, or its fixed credentials for the enterprise
    /// connections that sign in there (Google's built-in provider only).
    func builtInOAuthConfig(for provider: IdentityTokenProvider) -> OAuthProviderConfig? {
        if let config = oauthProviders?.config(for: provider) { return config.builtIn ? config : nil }
        return provider == .google && enterpriseSSOUsesBuiltInProvider ? .builtIn : nil
    }
}
