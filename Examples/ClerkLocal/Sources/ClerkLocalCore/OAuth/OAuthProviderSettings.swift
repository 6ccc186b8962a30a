import Foundation

/// The providers clerk-local signs in with through the browser (`oauth_google`, `oauth_apple`), as an
/// OAuth 2.0 / OpenID Connect client. Settings files name it `oauth_providers`:
///
/// ```json
/// { "oauth_providers": { "google": { "discovery_url": "https://accounts.google.com/.well-known/openid-configuration",
///                                    "client_id": "…", "client_secret": "…" } } }
/// ```
public struct OAuthProviderSettings: Codable, Sendable, Hashable {
    public var apple: OAuthProviderConfig?
    public var google: OAuthProviderConfig?

    public init(apple: OAuthProviderConfig? = nil, google: OAuthProviderConfig? = nil) {
        self.apple = apple
        self.google = google
    }

    public func config(for provider: IdentityTokenProvider) -> OAuthProviderConfig? {
        switch provider {
        case .apple: apple
        case .google: google
        }
    }

    /// The providers configured, in a fixed order.
    public var enabled: [IdentityTokenProvider] {
        IdentityTokenProvider.allCases.filter { config(for: $0) != nil }
    }

    /// Google through the provider clerk-local itself serves (`/__local/oauth/google/…`).
    public static let builtIn = OAuthProviderSettings(google: .builtIn)
}

/// One provider: the app's credentials there, and where its endpoints are: a discovery document,
/// the endpoints one by one, or the test provider clerk-local serves (`built_in: true`).
public struct OAuthProviderConfig: Codable, Sendable, Hashable {
    /// A provider clerk-local itself serves (`/__local/oauth/{provider}/…`), with its fixed credentials.
    public static let builtIn = OAuthProviderConfig(clientID: "clerk-local-oauth-client", clientSecret: "clerk-local-oauth-secret", builtIn: true)

    public var clientID: String
    public var clientSecret: String
    public var discoveryURL: String?
    public var authorizationEndpoint: String?
    public var tokenEndpoint: String?
    public var userinfoEndpoint: String?
    public var jwksURI: String?
    public var issuer: String?
    public var builtIn: Bool

    public init(
        clientID: String, clientSecret: String, discoveryURL: String? = nil, authorizationEndpoint: String? = nil,
        tokenEndpoint: String? = nil, userinfoEndpoint: String? = nil, jwksURI: String? = nil, issuer: String? = nil, builtIn: Bool = false
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.discoveryURL = discoveryURL
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.userinfoEndpoint = userinfoEndpoint
        self.jwksURI = jwksURI
        self.issuer = issuer
        self.builtIn = builtIn
    }

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case clientSecret = "client_secret"
        case discoveryURL = "discovery_url"
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case jwksURI = "jwks_uri"
        case issuer
        case builtIn = "built_in"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try container.decode(String.self, forKey: .clientID)
        clientSecret = try container.decode(String.self, forKey: .clientSecret)
        discoveryURL = try container.decodeIfPresent(String.self, forKey: .discoveryURL)
        authorizationEndpoint = try container.decodeIfPresent(String.self, forKey: .authorizationEndpoint)
        tokenEndpoint = try container.decodeIfPresent(String.self, forKey: .tokenEndpoint)
        userinfoEndpoint = try container.decodeIfPresent(String.self, forKey: .userinfoEndpoint)
        jwksURI = try container.decodeIfPresent(String.self, forKey: .jwksURI)
        issuer = try container.decodeIfPresent(String.self, forKey: .issuer)
        builtIn = try container.decodeIfPresent(Bool.self, forKey: .builtIn) ?? false
    }

    /// The first reason the configuration cannot sign anyone in, nil when it can.
    package func problem() -> String? {
        if clientID.trimmingWhitespace().isEmpty { return "client_id is empty" }
        if clientSecret.isEmpty { return "client_secret is empty" }
        let explicit = [authorizationEndpoint, tokenEndpoint, jwksURI, issuer]
        let sources = [builtIn, discoveryURL != nil, explicit.contains { $0 != nil }].filter { $0 }.count
        guard sources == 1 else {
            return "needs exactly one of built_in, discovery_url and the endpoints (authorization_endpoint, token_endpoint, jwks_uri, issuer)"
        }
        if !builtIn, discoveryURL == nil, explicit.contains(where: { $0 == nil }) {
            return "authorization_endpoint, token_endpoint, jwks_uri and issuer are all needed without discovery_url"
        }
        for address in [discoveryURL, authorizationEndpoint, tokenEndpoint, userinfoEndpoint, jwksURI].compactMap({ $0 }) {
            guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                return "\(address) is not an http(s) URL"
            }
        }
        return nil
    }
}
