/// The organization a session has active, as its next token states it: read in the store when a
/// token is granted, so a changed role or slug and a removed membership show in the next token.
package struct ActiveOrganization: Sendable, Hashable {
    package var id: String
    package var slug: String
    package var role: String
    package var permissions: [String]

    /// The version 2 session token's organization claims, as Clerk's session-token documentation
    /// describes them: `o.rol` is the role's key without `org:`; custom permissions
    /// (`org:<feature>:<action>`) are split into the features, listed in the top-level `fea` as
    /// `o:<feature>`, and the actions, listed in `o.per`; `o.fpm` holds one number per feature whose
    /// bit `i` says the member has action `i` of `per` on it. System permissions are never in a token.
    package var claims: (organization: OrganizationClaim, features: String?) {
        var features: [String] = []
        var actions: [String] = []
        var pairs: [(feature: Int, action: Int)] = []
        for permission in permissions where !OrganizationRoleSetting.isSystem(permission) {
            let parts = permission.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else { continue }
            let feature =
                features.firstIndex(of: parts[1])
                ?? {
                    features.append(parts[1])
                    return features.count - 1
                }()
            let action =
                actions.firstIndex(of: parts[2])
                ?? {
                    actions.append(parts[2])
                    return actions.count - 1
                }()
            pairs.append((feature, action))
        }
        var masks = [Int](repeating: 0, count: features.count)
        for pair in pairs { masks[pair.feature] |= 1 << pair.action }
        let role = role.hasPrefix("org:") ? String(role.dropFirst(4)) : role
        let claim = OrganizationClaim(
            id: id, slg: slug, rol: role, per: actions.joined(separator: ","), fpm: masks.map(String.init).joined(separator: ","))
        return (claim, features.isEmpty ? nil : features.map { "o:" + $0 }.joined(separator: ","))
    }
}

/// A session token's `o` claim.
public struct OrganizationClaim: Codable, Sendable, Hashable {
    public var id: String
    public var slg: String
    public var rol: String
    public var per: String
    public var fpm: String

    public init(id: String, slg: String, rol: String, per: String, fpm: String) {
        self.id = id
        self.slg = slg
        self.rol = rol
        self.per = per
        self.fpm = fpm
    }
}
