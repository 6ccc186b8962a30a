import ClerkAPI

/// A JWT template, as the dashboard's "JWT templates" page defines one: a name, a lifetime and
/// claims added to the default ones (`azp`, `exp`, `iat`, `iss`, `jti`, `nbf`, `sub`). A string
/// claim that is exactly a shortcode (`{{user.id}}`, `{{user.primary_email_address}}`, …) takes
/// the user's value; see `TemplateShortcodes`.
public struct JWTTemplate: Codable, Sendable, Hashable {
    public var name: String
    public var lifetimeSeconds: Int
    public var claims: [String: JSONValue]

    /// Settings files name the keys so; the loader reads templates without a key strategy, so
    /// that claim names stay exactly as written.
    package enum CodingKeys: String, CodingKey {
        case name
        case lifetimeSeconds = "lifetime_seconds"
        case claims
    }

    public init(name: String, lifetimeSeconds: Int = 60, claims: [String: JSONValue] = [:]) {
        self.name = name
        self.lifetimeSeconds = lifetimeSeconds
        self.claims = claims
    }

    /// Claims every template token carries, which a template cannot set (Clerk refuses them too).
    public static let reservedClaims: Set<String> = ["azp", "exp", "iat", "iss", "jti", "nbf", "sub"]

    package static func validate(_ templates: [JWTTemplate]) throws {
        var names: Set<String> = []
        for template in templates {
            guard !template.name.isEmpty, template.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw SettingsLoader.LoadError(description: "jwt_templates: a name must be letters, digits, - and _ (got '\(template.name)')")
            }
            guard names.insert(template.name).inserted else {
                throw SettingsLoader.LoadError(description: "jwt_templates: '\(template.name)' is defined twice")
            }
            if let reserved = template.claims.keys.sorted().first(where: reservedClaims.contains) {
                throw SettingsLoader.LoadError(description: "jwt_templates.\(template.name): the claim '\(reserved)' is reserved")
            }
        }
    }
}
