import ClerkAPI
import Foundation

extension SettingsLoader {
    /// `oauth_providers`: each provider checked against its own fields; `null` turns them off.
    static func decodeOAuthProviders(_ value: JSONValue) throws -> OAuthProviderSettings? {
        if value == .null { return nil }
        guard case .object(let providers) = value else { throw LoadError(description: "oauth_providers must be an object") }
        let known: Set<String> = [
            "client_id", "client_secret", "discovery_url", "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri",
            "issuer", "built_in",
        ]
        for (name, provider) in providers {
            guard IdentityTokenProvider(rawValue: name) != nil else {
                throw LoadError(description: "unknown OAuth provider '\(name)'; known: apple, google")
            }
            guard case .object(let fields) = provider else { throw LoadError(description: "oauth_providers.\(name) must be an object") }
            if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
                throw LoadError(description: "unknown setting 'oauth_providers.\(name).\(unknown)'")
            }
        }
        do {
            return try JSONDecoder().decode(OAuthProviderSettings.self, from: JSONEncoder().encode(value))
        } catch {
            throw LoadError(description: "invalid oauth_providers: \(error)")
        }
    }

    static func validateOAuthProviders(_ settings: InstanceSettings) throws {
        guard let providers = settings.oauthProviders else { return }
        for provider in providers.enabled {
            if let problem = providers.config(for: provider)?.problem() {
                throw LoadError(description: "oauth_providers.\(provider.rawValue): \(problem)")
            }
        }
        if !providers.enabled.isEmpty, !settings.emailAddress.enabled {
            throw LoadError(description: "oauth_providers needs email_address enabled (a provider's user is found by email)")
        }
    }
}
