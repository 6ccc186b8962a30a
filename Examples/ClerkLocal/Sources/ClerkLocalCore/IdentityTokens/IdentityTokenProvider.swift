import ClerkAPI

/// An identity provider whose ID tokens the Frontend API takes directly.
public enum IdentityTokenProvider: String, Codable, Sendable, Hashable, CaseIterable {
    /// Sign in with Apple.
    case apple
    /// Google (ID tokens and One Tap).
    case google

    /// The provider of a token strategy: `oauth_token_apple`, `oauth_token_google`, and
    /// `google_one_tap` (Google's tokens); nil for any other strategy.
    package init?(strategy: Strategy) {
        switch strategy {
        case .oauthTokenApple: self = .apple
        case .oauthTokenGoogle, .googleOneTap: self = .google
        default: return nil
        }
    }

    /// The strategies whose tokens this provider issues.
    package var tokenStrategies: [Strategy] {
        switch self {
        case .apple: [.oauthTokenApple]
        case .google: [.oauthTokenGoogle, .googleOneTap]
        }
    }

    /// The OAuth strategy (`oauth_apple`): the external account's `provider` and the social entry's key.
    package var oauthStrategy: Strategy {
        switch self {
        case .apple: .oauthApple
        case .google: .oauthGoogle
        }
    }

    /// As Clerk's dashboard names it.
    package var title: String {
        switch self {
        case .apple: "Apple"
        case .google: "Google"
        }
    }
}
