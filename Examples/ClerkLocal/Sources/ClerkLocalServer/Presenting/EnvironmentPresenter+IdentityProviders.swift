import ClerkAPI
import ClerkLocalCore

/// The identity and OAuth providers in `GET /v1/environment`: a `user_settings.social` entry per provider
/// (`oauth_apple`, `oauth_google`), their token strategies among `auth_config.first_factors`, and
/// Google's client id as `display_config.google_one_tap_client_id`.
extension EnvironmentPresenter {
    var socialProviders: [String: SocialProviderSettings] {
        var social: [String: SocialProviderSettings] = [:]
        let enabled = Set((settings.identityProviders?.enabled ?? []) + (settings.oauthProviders?.enabled ?? []))
        for provider in IdentityTokenProvider.allCases where enabled.contains(provider) {
            let strategy = provider.oauthStrategy.rawValue
            social[strategy] = SocialProviderSettings(
                enabled: true, required: false, authenticatable: true, blockEmailSubaddresses: false, strategy: strategy,
                notSelectable: false, isDeprecated: false, name: provider.title)
        }
        return social
    }

    var identityTokenFirstFactors: [Strategy] {
        (settings.identityProviders?.enabled ?? []).flatMap(\.tokenStrategies)
    }

    var googleOneTapClientID: String? {
        settings.identityProviders?.google?.clientID
    }
}
