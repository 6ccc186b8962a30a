import ClerkAPI
import ClerkLocalCore
import Foundation

/// Organizations as the Backend API's `Organization` and `OrganizationMembership` schemas have them.
extension BackendPresenter {
    package func organization(_ view: OrganizationView) -> JSONValue {
        let record = view.record
        var object: [String: JSONValue] = [
            "object": "organization", "id": .string(record.id), "name": .string(record.name), "slug": .string(record.slug),
            "image_url": .string(WirePresenter.imageURL(of: record, baseURL: baseURL)), "has_image": .bool(record.logo != nil),
            "members_count": .integer(Int64(view.membersCount)), "pending_invitations_count": .integer(Int64(view.pendingInvitationsCount)),
            "max_allowed_memberships": .integer(Int64(view.maxAllowedMemberships)),
            "admin_delete_enabled": .bool(settings.organizations.adminDeleteEnabled && record.adminDeleteEnabled),
            "public_metadata": record.publicMetadata, "private_metadata": record.privateMetadata,
            "created_at": Self.millis(record.createdAt), "updated_at": Self.millis(record.updatedAt),
        ]
        if let creator = record.createdBy { object["created_by"] = .string(creator) }
        return .object(object)
    }

    package func membership(_ view: MembershipView) -> JSONValue {
        let record = view.record
        var object: [String: JSONValue] = [
            "object": "organization_membership", "id": .string(record.id), "role": .string(record.role), "role_name": .string(view.roleName),
            "permissions": .array(view.permissions.map(JSONValue.string)), "public_metadata": record.publicMetadata,
            "private_metadata": record.privateMetadata, "organization": organization(view.organization),
            "created_at": Self.millis(record.createdAt), "updated_at": Self.millis(record.updatedAt),
        ]
        if let user = view.user {
            object["public_user_data"] = .object([
                "user_id": .string(user.id), "first_name": user.firstName.map(JSONValue.string) ?? .null,
                "last_name": user.lastName.map(JSONValue.string) ?? .null, "profile_image_url": .string(Self.avatarURL),
                "image_url": .string(Self.avatarURL), "has_image": false,
                "identifier": .string(user.displayIdentifier), "username": user.username.map(JSONValue.string) ?? .null,
            ])
        }
        return .object(object)
    }

    package func invitation(_ view: OrganizationInvitationView) -> JSONValue {
        let record = view.record
        return .object([
            "object": "organization_invitation", "id": .string(record.id), "email_address": .string(record.emailAddress),
            "role": .string(record.role), "role_name": .string(view.roleName), "organization_id": .string(record.organizationID),
            "inviter_id": record.inviterUserID.map(JSONValue.string) ?? .null,
            "public_inviter_data": view.inviter.map { user in
                .object([
                    "user_id": .string(user.id), "first_name": user.firstName.map(JSONValue.string) ?? .null,
                    "last_name": user.lastName.map(JSONValue.string) ?? .null, "image_url": .string(Self.avatarURL), "has_image": false,
                    "identifier": .string(user.displayIdentifier),
                ])
            } ?? .null,
            "status": .string(record.status(now: now)), "public_metadata": record.publicMetadata, "private_metadata": record.privateMetadata,
            "url": view.url.map(JSONValue.string) ?? .null, "expires_at": Self.millis(record.expiresAt),
            "created_at": Self.millis(record.createdAt), "updated_at": Self.millis(record.updatedAt),
        ])
    }

    /// An invitation with `public_organization_data`, as instance-wide lists show it.
    package func invitationWithOrganization(_ view: OrganizationInvitationView) -> JSONValue {
        guard case .object(var object) = invitation(view) else { return invitation(view) }
        let organization = view.organization
        object["public_organization_data"] = .object([
            "id": .string(organization.id), "name": .string(organization.name), "slug": .string(organization.slug),
            "image_url": .string(WirePresenter.imageURL(of: organization, baseURL: baseURL)), "has_image": .bool(organization.logo != nil),
        ])
        return .object(object)
    }

    package static func deleted(_ resource: DeletedResource) -> JSONValue {
        var object: [String: JSONValue] = ["object": .string(resource.object), "id": .string(resource.id), "deleted": true]
        if let slug = resource.slug { object["slug"] = .string(slug) }
        return .object(object)
    }

    private static let avatarURL = "https://img.clerk.com/local-default-avatar"

    package static func page(_ items: [JSONValue], total: Int) -> JSONValue {
        .object(["data": .array(items), "total_count": .integer(Int64(total))])
    }
}
