import Foundation

/// An enterprise connection: the email domains it serves and the OpenID Connect provider their users
/// sign in at (`enterprise_sso`). Settings files name them `enterprise_connections`:
///
/// ```json
/// { "enterprise_connections": [ { "id": "ent_acme", "name": "Acme SSO", "domains": ["acme.test"],
///                                 "oidc": { "built_in": true, "client_id": "…", "client_secret": "…" } } ] }
/// ```
///
/// `oidc` is an OAuth provider's configuration: the provider clerk-local serves itself
/// (`built_in: true`), or an outside issuer by its `discovery_url` (or its endpoints one by one).
/// SAML connections are not emulated.
public struct EnterpriseConnection: Codable, Sendable, Hashable {
    public var id: String
    public var name: String
    /// Lowercased email domains (`acme.test`); an address's domain must be one of them exactly.
    public var domains: [String]
    /// A disabled connection keeps its accounts but signs no one in.
    public var active: Bool
    public var oidc: OAuthProviderConfig

    public init(id: String, name: String, domains: [String], active: Bool = true, oidc: OAuthProviderConfig) {
        self.id = id
        self.name = name
        self.domains = domains.map { $0.lowercased() }
        self.active = active
        self.oidc = oidc
    }

    enum CodingKeys: String, CodingKey {
        case id, name, domains, active, oidc
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        domains = try container.decode([String].self, forKey: .domains).map { $0.lowercased() }
        active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? true
        oidc = try container.decode(OAuthProviderConfig.self, forKey: .oidc)
    }

    /// Whether `emailAddress` (normalized) is in one of the connection's domains.
    package func serves(_ emailAddress: String) -> Bool {
        guard let at = emailAddress.lastIndex(of: "@") else { return false }
        return domains.contains(String(emailAddress[emailAddress.index(after: at)...]).lowercased())
    }

    /// The first reason the connection cannot sign anyone in, nil when it can.
    package func problem() -> String? {
        if id.trimmingWhitespace().isEmpty { return "id is empty" }
        if name.trimmingWhitespace().isEmpty { return "name is empty" }
        if domains.isEmpty { return "domains is empty" }
        if let domain = domains.first(where: { $0.isEmpty || $0.contains("@") || !$0.contains(".") || $0.contains(" ") }) {
            return "'\(domain)' is not an email domain"
        }
        return oidc.problem().map { "oidc: " + $0 }
    }
}

extension InstanceSettings {
    /// The connection serving `emailAddress`'s domain, active or not.
    package func enterpriseConnection(serving emailAddress: String) -> EnterpriseConnection? {
        enterpriseConnections?.first { $0.serves(emailAddress) }
    }

    package func enterpriseConnection(id: String) -> EnterpriseConnection? {
        enterpriseConnections?.first { $0.id == id }
    }

    /// Whether a connection signs in through the provider clerk-local serves itself (whose
    /// endpoints then answer although `oauth_providers` may not name it).
    package var enterpriseSSOUsesBuiltInProvider: Bool {
        enterpriseConnections?.contains { $0.active && $0.oidc.builtIn } ?? false
    }
}
