import ClerkAPI
import Foundation

/// The identity providers whose ID tokens sign users in (`oauth_token_apple`, `oauth_token_google`,
/// `google_one_tap`, which uses Google's). Settings files name it `identity_providers`:
///
/// ```json
/// { "identity_providers": { "apple": { "client_id": "com.example.app", "issuer": "https://appleid.apple.com",
///                                      "jwks_url": "https://appleid.apple.com/auth/keys" } } }
/// ```
public struct IdentityProviderSettings: Codable, Sendable, Hashable {
    /// Sign in with Apple (`oauth_token_apple`).
    public var apple: IdentityProviderConfig?
    /// Google (`oauth_token_google`, `google_one_tap`).
    public var google: IdentityProviderConfig?

    public init(apple: IdentityProviderConfig? = nil, google: IdentityProviderConfig? = nil) {
        self.apple = apple
        self.google = google
    }

    /// The configuration of `provider`, nil when it is not enabled.
    public func config(for provider: IdentityTokenProvider) -> IdentityProviderConfig? {
        switch provider {
        case .apple: apple
        case .google: google
        }
    }

    /// The emulator's test providers for Apple and Google, with their real issuers and example client ids.
    public static let testProviders = IdentityProviderSettings(
        apple: IdentityProviderConfig(clientID: "com.example.clerk-local", issuer: "https://appleid.apple.com", test: true),
        google: IdentityProviderConfig(
            clientID: "clerk-local-example.apps.googleusercontent.com", issuer: "https://accounts.google.com", test: true))

    /// The providers configured, in a fixed order.
    public var enabled: [IdentityTokenProvider] {
        IdentityTokenProvider.allCases.filter { config(for: $0) != nil }
    }
}

/// One provider: who its tokens are for (`client_id`, the `aud`), who issues them (`iss`), and
/// where its signing keys are: a JWK Set URL, an inline JWK Set, or the emulator's own test key
/// (`test: true`, whose tokens `POST /__local/identity_providers/{provider}/tokens` mints).
public struct IdentityProviderConfig: Codable, Sendable, Hashable {
    /// The app's client id at the provider: a token's `aud` must contain it.
    public var clientID: String
    /// A token's `iss` must equal it (`https://appleid.apple.com`, `https://accounts.google.com`).
    public var issuer: String
    /// Where the provider publishes its JWK Set, fetched over HTTP and kept five minutes.
    public var jwksURL: String?
    /// A JWK Set (`{"keys": [...]}`) as the provider publishes it.
    public var jwks: JSONValue?
    /// The emulator holds the key: RS256 for Apple, ES256 for Google.
    public var test: Bool

    public init(clientID: String, issuer: String, jwksURL: String? = nil, jwks: JSONValue? = nil, test: Bool = false) {
        self.clientID = clientID
        self.issuer = issuer
        self.jwksURL = jwksURL
        self.jwks = jwks
        self.test = test
    }

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case issuer
        case jwksURL = "jwks_url"
        case jwks
        case test
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        clientID = try container.decode(String.self, forKey: .clientID)
        issuer = try container.decode(String.self, forKey: .issuer)
        jwksURL = try container.decodeIfPresent(String.self, forKey: .jwksURL)
        jwks = try container.decodeIfPresent(JSONValue.self, forKey: .jwks)
        test = try container.decodeIfPresent(Bool.self, forKey: .test) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientID, forKey: .clientID)
        try container.encode(issuer, forKey: .issuer)
        try container.encodeIfPresent(jwksURL, forKey: .jwksURL)
        try container.encodeIfPresent(jwks, forKey: .jwks)
        if test { try container.encode(test, forKey: .test) }
    }

    /// The first reason the configuration cannot verify tokens, nil when it can.
    package func problem() -> String? {
        if clientID.trimmingWhitespace().isEmpty { return "client_id is empty" }
        if issuer.trimmingWhitespace().isEmpty { return "issuer is empty" }
        let sources = [jwksURL != nil, jwks != nil, test].filter { $0 }.count
        guard sources == 1 else { return "needs exactly one of jwks_url, jwks and test" }
        if let jwksURL {
            guard let url = URL(string: jwksURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                return "jwks_url \(jwksURL) is not an http(s) URL"
            }
        }
        if jwks != nil, inlineKeySet == nil { return "jwks is not a JWK Set with at least one key" }
        return nil
    }

    /// The inline JWK Set, decoded; nil when there is none or it is not one.
    package var inlineKeySet: IdentityKeySet? {
        guard let jwks, let data = try? JSONEncoder().encode(jwks) else { return nil }
        return IdentityKeySet(json: data)
    }
}
