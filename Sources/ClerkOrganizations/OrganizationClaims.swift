import Foundation

/// The active organization as a session token (version 2) carries it: the `o` claim with its
/// `id`, `slg` (slug), `rol` (role) and the compact permissions `per` and `fpm`, read with the
/// top-level `fea` claim. Clerk documents the encoding in "Session tokens"
/// (https://clerk.com/docs/guides/sessions/session-tokens):
///
/// - `fea` lists the instance's features with their scope, `scope:feature` joined by commas
///   (`o:dashboard,o:teams`); a scope containing `o` is an organization feature.
/// - `o.per` lists permission names joined by commas (`manage,read`).
/// - `o.fpm` holds one integer per feature of `fea`, in the same order (`3,2`): bit `i` (the
///   least significant first) says whether the member has permission `i` of `o.per` for that
///   feature. `3` = `0b11` grants `manage` and `read`, `2` = `0b10` grants `read` only.
/// - The permission keys are `org:<feature>:<permission>` (`org:dashboard:manage`), and the role
///   `org:<rol>` (`org:admin`), as Clerk's SDKs spell them.
///
/// The claims say what the token said when it was issued: read them from a fresh token
/// (`ClerkClient.sessionToken()`), and let the backend decide what it serves.
public struct OrganizationClaims: Sendable, Hashable, CustomStringConvertible {
    /// The active organization (`o.id`).
    public let organizationID: String
    /// Its slug (`o.slg`), when the token carries it.
    public let slug: String?
    /// The member's role key with its `org:` prefix (`org:admin`), from `o.rol`.
    public let role: String?
    /// Every permission key the token grants (`org:dashboard:read`), decoded from `fea`, `o.per` and `o.fpm`.
    public let permissions: Set<String>

    /// The claims of a decoded token payload, nil when it has no `o` claim with an `id` (the
    /// personal account, or a version 1 token).
    /// - Throws: `ClerkError.invalidInput` (field `fpm`) when `o.fpm` is not a list of integers
    ///   or does not have one per feature of `fea`.
    public init?(payload: [String: Any]) throws(ClerkError) {
        guard let claim = payload["o"] as? [String: Any], let id = claim["id"] as? String, !id.isEmpty else { return nil }
        organizationID = id
        slug = claim["slg"] as? String
        role = (claim["rol"] as? String).map { $0.hasPrefix("org:") ? $0 : "org:" + $0 }
        permissions = try Self.permissions(
            features: Self.list(payload["fea"]), names: Self.list(claim["per"]), maps: Self.list(claim["fpm"]))
    }

    /// The claims of a session token's JWT, nil when it carries no active organization.
    /// - Throws: `ClerkError.invalidInput` (field `jwt`) when the JWT's payload is not readable
    ///   JSON, or (field `fpm`) when the permission map is malformed.
    public init?(jwt: String) throws(ClerkError) {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Self.base64URLDecoded(parts[1]),
            let object = try? JSONSerialization.jsonObject(with: data), let payload = object as? [String: Any]
        else {
            throw .invalidInput(InvalidInput(field: "jwt", reason: "the token's payload is not a JSON object"))
        }
        try self.init(payload: payload)
    }

    /// Whether the token grants `permission`, a full key such as `org:invoices:read`.
    public func has(permission: String) -> Bool { permissions.contains(permission) }

    /// Whether the member's role is `role`, written `org:admin` or `admin`.
    public func has(role: String) -> Bool {
        guard let own = self.role else { return false }
        return own == (role.hasPrefix("org:") ? role : "org:" + role)
    }

    /// The organization, role and number of permissions.
    public var description: String {
        "OrganizationClaims(\(organizationID), role: \(role ?? "none"), \(permissions.count) permission(s))"
    }

    /// A claim's comma-separated entries; an absent or empty claim has none.
    private static func list(_ value: Any?) -> [Substring] {
        guard let text = value as? String, !text.isEmpty else { return [] }
        return text.split(separator: ",", omittingEmptySubsequences: false).map { $0.drop { $0 == " " } }
    }

    /// The permission keys `fpm` grants: for the `i`th feature, bit `j` of its map grants its
    /// `j`th permission name. Features outside the organization scope grant nothing here.
    private static func permissions(features: [Substring], names: [Substring], maps: [Substring]) throws(ClerkError) -> Set<String> {
        guard !maps.isEmpty else { return [] }
        guard maps.count == features.count else {
            throw .invalidInput(InvalidInput(field: "fpm", reason: "\(maps.count) permission map(s) for \(features.count) feature(s)"))
        }
        var granted: Set<String> = []
        for (feature, map) in zip(features, maps) {
            guard let bits = UInt64(map) else {
                throw .invalidInput(InvalidInput(field: "fpm", reason: "'\(map)' is not a non-negative integer"))
            }
            let scoped = feature.split(separator: ":", maxSplits: 1)
            guard scoped.count == 2, scoped[0].contains("o") else { continue }
            for (index, name) in names.enumerated() where index < 64 && bits & (1 << UInt64(index)) != 0 {
                granted.insert("org:\(scoped[1]):\(name)")
            }
        }
        return granted
    }

    /// Base64url without padding, as JWTs carry their parts.
    private static func base64URLDecoded(_ part: Substring) -> Data? {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text)
    }
}

extension SessionToken {
    /// The active organization's claims of this token, nil when it carries none (the personal
    /// account) or cannot be read.
    public var organizationClaims: OrganizationClaims? {
        (try? OrganizationClaims(jwt: jwt)) ?? nil
    }

    /// Whether this token grants `permission` (`org:invoices:read`) in its active organization;
    /// false without one.
    public func has(permission: String) -> Bool {
        organizationClaims?.has(permission: permission) ?? false
    }

    /// Whether this token's role in its active organization is `role` (`org:admin` or `admin`);
    /// false without one.
    public func has(role: String) -> Bool {
        organizationClaims?.has(role: role) ?? false
    }
}
