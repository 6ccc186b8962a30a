import ClerkLocalCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider's endpoints, as its OpenID Connect discovery document names them.
package struct OAuthEndpoints: Sendable, Codable, Hashable {
    package var issuer: String
    package var authorizationEndpoint: String
    package var tokenEndpoint: String
    package var userinfoEndpoint: String?
    package var jwksURI: String

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case jwksURI = "jwks_uri"
    }

    /// The built-in provider of `provider` on the server at `baseURL`.
    package static func builtIn(_ provider: IdentityTokenProvider, baseURL: String) -> OAuthEndpoints {
        let issuer = baseURL + BuiltInOAuthProviderRoutes.path(provider)
        return OAuthEndpoints(
            issuer: issuer, authorizationEndpoint: issuer + "/authorize", tokenEndpoint: issuer + "/token",
            userinfoEndpoint: issuer + "/userinfo", jwksURI: issuer + "/jwks")
    }
}

/// Where each configured provider's endpoints are: the built-in provider's, those given one by one,
/// or a discovery document fetched over HTTP and kept five minutes (a failed fetch is not kept).
actor OAuthEndpointDirectory {
    private struct Entry {
        var endpoints: OAuthEndpoints
        var fetchedAt: Date
    }

    static let lifetime: TimeInterval = 300
    private var discovered: [String: Entry] = [:]
    let session: URLSession

    init() {
        // Generous: the built-in provider is this server itself, which answers after whatever
        // else it is doing (a burst of bcrypt work can take seconds on a small machine).
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        configuration.timeoutIntervalForResource = 60
        session = URLSession(configuration: configuration)
    }

    func endpoints(_ provider: IdentityTokenProvider, _ config: OAuthProviderConfig, baseURL: String) async -> OAuthEndpoints? {
        if config.builtIn { return .builtIn(provider, baseURL: baseURL) }
        guard let address = config.discoveryURL else {
            guard let authorization = config.authorizationEndpoint, let token = config.tokenEndpoint, let jwks = config.jwksURI,
                let issuer = config.issuer
            else { return nil }
            return OAuthEndpoints(
                issuer: issuer, authorizationEndpoint: authorization, tokenEndpoint: token, userinfoEndpoint: config.userinfoEndpoint,
                jwksURI: jwks)
        }
        if let entry = discovered[address], Date().timeIntervalSince(entry.fetchedAt) < Self.lifetime { return entry.endpoints }
        guard let url = URL(string: address) else { return nil }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        guard let (data, response) = try? await session.data(for: request),
            (response as? HTTPURLResponse)?.statusCode == 200,
            let endpoints = try? JSONDecoder().decode(OAuthEndpoints.self, from: data)
        else { return nil }
        discovered[address] = Entry(endpoints: endpoints, fetchedAt: Date())
        return endpoints
    }
}
