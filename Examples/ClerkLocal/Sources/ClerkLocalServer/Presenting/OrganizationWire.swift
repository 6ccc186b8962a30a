import ClerkAPI
import Foundation

// The Frontend API's organization resources, as Clerk's spec shapes them (`Client.Organization`,
// `Client.OrganizationMembership`, `Client.OrganizationInvitation`, `Client.Role`,
// `Client.Permission`, `Client.DeletedObject`). Written here until the SDK's generated layer has them.

package struct OrganizationJSON: Codable, Sendable, Hashable {
    var object = "organization"
    var id: String
    var name: String
    var slug: String
    var imageURL: String
    var hasImage: Bool
    var membersCount: Int
    var pendingInvitationsCount: Int
    var maxAllowedMemberships: Int
    var adminDeleteEnabled: Bool
    var publicMetadata: JSONValue
    var createdAt: ClerkTimestamp
    var updatedAt: ClerkTimestamp

    enum CodingKeys: String, CodingKey {
        case object, id, name, slug
        case imageURL = "image_url"
        case hasImage = "has_image"
        case membersCount = "members_count"
        case pendingInvitationsCount = "pending_invitations_count"
        case maxAllowedMemberships = "max_allowed_memberships"
        case adminDeleteEnabled = "admin_delete_enabled"
        case publicMetadata = "public_metadata"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

package struct OrganizationMembershipJSON: Codable, Sendable, Hashable {
    var object = "organization_membership"
    var id: String
    var publicMetadata: JSONValue
    var role: String
    var roleName: String
    var permissions: [String]
    var createdAt: ClerkTimestamp
    var updatedAt: ClerkTimestamp
    var organization: OrganizationJSON
    var publicUserData: PublicUserData?

    enum CodingKeys: String, CodingKey {
        case object, id, role, permissions, organization
        case publicMetadata = "public_metadata"
        case roleName = "role_name"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case publicUserData = "public_user_data"
    }
}

package struct PublicOrganizationDataJSON: Codable, Sendable, Hashable {
    var id: String
    var name: String
    var slug: String
    var imageURL: String
    var hasImage: Bool

    enum CodingKeys: String, CodingKey {
        case id, name, slug
        case imageURL = "image_url"
        case hasImage = "has_image"
    }
}

package struct OrganizationInvitationJSON: Codable, Sendable, Hashable {
    var object = "organization_invitation"
    var id: String
    var emailAddress: String
    var role: String
    var roleName: String
    var organizationID: String
    var publicOrganizationData: PublicOrganizationDataJSON
    var status: String
    var publicMetadata: JSONValue
    var url: String?
    var expiresAt: ClerkTimestamp?
    var createdAt: ClerkTimestamp
    var updatedAt: ClerkTimestamp

    enum CodingKeys: String, CodingKey {
        case object, id, role, status, url
        case emailAddress = "email_address"
        case roleName = "role_name"
        case organizationID = "organization_id"
        case publicOrganizationData = "public_organization_data"
        case publicMetadata = "public_metadata"
        case expiresAt = "expires_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(object, forKey: .object)
        try container.encode(id, forKey: .id)
        try container.encode(emailAddress, forKey: .emailAddress)
        try container.encode(role, forKey: .role)
        try container.encode(roleName, forKey: .roleName)
        try container.encode(organizationID, forKey: .organizationID)
        try container.encode(publicOrganizationData, forKey: .publicOrganizationData)
        try container.encode(status, forKey: .status)
        try container.encode(publicMetadata, forKey: .publicMetadata)
        // Nullable in the spec, and always present.
        try container.encode(url, forKey: .url)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

package struct PermissionJSON: Codable, Sendable, Hashable {
    var object = "permission"
    var id: String
    var name: String
    var key: String
    var description: String
    var type: String
    var createdAt: ClerkTimestamp
    var updatedAt: ClerkTimestamp

    enum CodingKeys: String, CodingKey {
        case object, id, name, key, description, type
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

package struct RoleJSON: Codable, Sendable, Hashable {
    var object = "role"
    var id: String
    var name: String
    var key: String
    var description: String
    var isCreatorEligible: Bool
    var permissions: [PermissionJSON]
    var createdAt: ClerkTimestamp
    var updatedAt: ClerkTimestamp

    enum CodingKeys: String, CodingKey {
        case object, id, name, key, description, permissions
        case isCreatorEligible = "is_creator_eligible"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

package struct DeletedObjectJSON: Codable, Sendable, Hashable {
    var object: String
    var id: String
    var slug: String?
    var deleted = true
}

/// A page of a list as the Frontend API answers it when asked for one (`paginated=true`).
package struct PaginatedJSON<Item: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
    var data: [Item]
    var totalCount: Int

    enum CodingKeys: String, CodingKey {
        case data
        case totalCount = "total_count"
    }
}
