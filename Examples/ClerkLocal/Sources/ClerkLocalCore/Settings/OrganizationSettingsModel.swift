/// Organizations (Clerk's B2B feature): whether they are on, how many members one may have, what
/// role a creator gets, whether an admin may delete one, whether verified domains enrol members,
/// and the roles and their permissions. Settings files name it `organizations`; every preset turns
/// it on with Clerk's defaults (`org:admin` and `org:member`, five members), `"enabled": false`
/// turns it off.
public struct OrganizationSettingsModel: Codable, Sendable, Hashable {
    public var enabled: Bool
    /// Members an organization may have, pending invitations included; 0 means no limit.
    public var maxAllowedMemberships: Int
    /// A signed-in user must pick an organization (no personal account): a new session is pending
    /// with the `choose-organization` task until it is touched with an organization. The Frontend
    /// API's environment schema has no field for it.
    public var forceOrganizationSelection: Bool
    /// Admins (`org:sys_profile:delete`) may delete their organization.
    public var adminDeleteEnabled: Bool
    /// The role of the member who creates an organization.
    public var creatorRole: String
    /// The role an invitation or a verified domain gives when none is named.
    public var defaultRole: String
    /// Verified domains: members join by their email address's domain.
    public var domainsEnabled: Bool
    /// How a verified domain enrols: `manual_invitation`, `automatic_invitation`, `automatic_suggestion`.
    public var enrollmentModes: [String]
    /// Slugs off: organizations have none to set.
    public var slugDisabled: Bool
    /// Days an organization invitation stays valid.
    public var invitationLifetimeDays: Int
    /// The roles members can have, in the order they are listed.
    public var roles: [OrganizationRoleSetting]

    public init(
        enabled: Bool = true, maxAllowedMemberships: Int = 5, forceOrganizationSelection: Bool = false,
        adminDeleteEnabled: Bool = true, creatorRole: String = "org:admin", defaultRole: String = "org:member",
        domainsEnabled: Bool = false, enrollmentModes: [String] = ["manual_invitation", "automatic_invitation", "automatic_suggestion"],
        slugDisabled: Bool = false, invitationLifetimeDays: Int = 30,
        roles: [OrganizationRoleSetting] = OrganizationRoleSetting.clerkDefaults
    ) {
        self.enabled = enabled
        self.maxAllowedMemberships = maxAllowedMemberships
        self.forceOrganizationSelection = forceOrganizationSelection
        self.adminDeleteEnabled = adminDeleteEnabled
        self.creatorRole = creatorRole
        self.defaultRole = defaultRole
        self.domainsEnabled = domainsEnabled
        self.enrollmentModes = enrollmentModes
        self.slugDisabled = slugDisabled
        self.invitationLifetimeDays = invitationLifetimeDays
        self.roles = roles
    }

    /// The role with `key`, if the instance has it.
    public func role(_ key: String) -> OrganizationRoleSetting? {
        roles.first { $0.key == key }
    }
}

/// A role: its key (`org:admin`), name, and permissions, system ones (`org:sys_memberships:manage`)
/// and custom ones (`org:invoices:read`, a feature and an action).
public struct OrganizationRoleSetting: Codable, Sendable, Hashable {
    public var key: String
    public var name: String
    public var description: String
    public var permissions: [String]

    public init(key: String, name: String, description: String = "", permissions: [String]) {
        self.key = key
        self.name = name
        self.description = description
        self.permissions = permissions
    }

    /// Clerk's system permissions, each gating what the Frontend API lets a member do.
    public static let systemPermissions = [
        "org:sys_profile:manage", "org:sys_profile:delete", "org:sys_memberships:read", "org:sys_memberships:manage",
        "org:sys_domains:read", "org:sys_domains:manage",
    ]

    /// Clerk's two default roles: an admin with every system permission, a member who reads the members.
    public static let clerkDefaults = [
        OrganizationRoleSetting(key: "org:admin", name: "Admin", description: "Role with elevated permissions", permissions: systemPermissions),
        OrganizationRoleSetting(
            key: "org:member", name: "Member", description: "Role with limited permissions",
            permissions: ["org:sys_memberships:read", "org:sys_domains:read"]),
    ]

    /// Whether `permission` is one of Clerk's system permissions (never in a session token).
    public static func isSystem(_ permission: String) -> Bool {
        permission.hasPrefix("org:sys_")
    }
}

extension OrganizationRoleSetting {
    private enum CodingKeys: String, CodingKey {
        case key, name, description, permissions
    }

    /// `description` and `permissions` may be left out of a settings file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        permissions = try container.decodeIfPresent([String].self, forKey: .permissions) ?? []
    }
}

extension OrganizationSettingsModel {
    static let enrollmentModeNames: Set<String> = ["manual_invitation", "automatic_invitation", "automatic_suggestion"]

    /// What makes these settings unusable, if anything.
    package func problem() -> String? {
        if maxAllowedMemberships < 0 { return "max_allowed_memberships cannot be negative" }
        if invitationLifetimeDays < 1 || invitationLifetimeDays > 365 { return "invitation_lifetime_days must be between 1 and 365" }
        if roles.isEmpty { return "roles cannot be empty" }
        var keys: Set<String> = []
        for role in roles {
            guard role.key.hasPrefix("org:"), role.key.count > 4 else { return "role key '\(role.key)' must start with org:" }
            guard keys.insert(role.key).inserted else { return "role '\(role.key)' is listed twice" }
            for permission in role.permissions {
                let parts = permission.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 3, parts[0] == "org", parts.allSatisfy({ !$0.isEmpty }) else {
                    return "permission '\(permission)' of role '\(role.key)' must read org:<feature>:<action>"
                }
                if OrganizationRoleSetting.isSystem(permission), !OrganizationRoleSetting.systemPermissions.contains(permission) {
                    return "'\(permission)' is not one of Clerk's system permissions"
                }
            }
        }
        if role(creatorRole) == nil { return "creator_role '\(creatorRole)' is not one of the roles" }
        if role(defaultRole) == nil { return "default_role '\(defaultRole)' is not one of the roles" }
        if let mode = enrollmentModes.first(where: { !Self.enrollmentModeNames.contains($0) }) { return "unknown enrollment mode '\(mode)'" }
        // Clerk keeps one member able to manage the others; a creator without that permission would be stuck.
        if !(role(creatorRole)?.permissions.contains("org:sys_memberships:manage") ?? false) {
            return "creator_role '\(creatorRole)' needs org:sys_memberships:manage"
        }
        return nil
    }
}
