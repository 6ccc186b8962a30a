import ClerkAPI
import ClerkLocalCore
import Foundation

/// Organization records as the Frontend API shows them.
extension WirePresenter {
    package func organization(_ view: OrganizationView) -> Organization {
        let record = view.record
        return Organization(
            id: record.id, name: record.name, slug: record.slug, imageURL: Self.imageURL(of: record, baseURL: issuer), hasImage: record.logo != nil,
            membersCount: view.membersCount, pendingInvitationsCount: view.pendingInvitationsCount,
            maxAllowedMemberships: view.maxAllowedMemberships,
            adminDeleteEnabled: settings.organizations.adminDeleteEnabled && record.adminDeleteEnabled,
            publicMetadata: record.publicMetadata, createdAt: ClerkTimestamp(record.createdAt), updatedAt: ClerkTimestamp(record.updatedAt))
    }

    package func membership(_ view: MembershipView) -> OrganizationMembership {
        OrganizationMembership(
            id: view.record.id, publicMetadata: view.record.publicMetadata, role: view.record.role, roleName: view.roleName,
            permissions: view.permissions, createdAt: ClerkTimestamp(view.record.createdAt), updatedAt: ClerkTimestamp(view.record.updatedAt),
            organization: organization(view.organization), publicUserData: view.user.map(publicUserData))
    }

    package func invitation(_ view: OrganizationInvitationView, now: Date) -> OrganizationInvitation {
        let record = view.record
        return OrganizationInvitation(
            id: record.id, emailAddress: record.emailAddress, role: record.role, roleName: view.roleName, organizationID: record.organizationID,
            publicOrganizationData: publicOrganizationData(view.organization),
            status: OrganizationInvitationStatus(rawValue: record.status(now: now)), publicMetadata: record.publicMetadata, url: view.url,
            expiresAt: ClerkTimestamp(record.expiresAt), createdAt: ClerkTimestamp(record.createdAt), updatedAt: ClerkTimestamp(record.updatedAt))
    }

    /// Roles and permissions live in the settings; their ids are derived from their keys, stable across restarts.
    package func role(_ role: OrganizationRoleSetting) -> OrganizationRole {
        let epoch = ClerkTimestamp(Date(timeIntervalSince1970: 0))
        return OrganizationRole(
            id: "role_" + Self.stableSuffix(role.key), name: role.name, key: role.key, description: role.description,
            isCreatorEligible: role.permissions.contains("org:sys_memberships:manage"),
            permissions: role.permissions.map { key in
                OrganizationPermission(
                    id: "perm_" + Self.stableSuffix(key), name: key, key: key, description: "",
                    type: OrganizationRoleSetting.isSystem(key) ? "system" : "user", createdAt: epoch, updatedAt: epoch)
            },
            createdAt: epoch, updatedAt: epoch)
    }

    /// What deleting an organization or leaving one answers.
    package func deleted(_ resource: DeletedResource) -> DeletedObject {
        DeletedObject(id: resource.id, slug: resource.slug, object: resource.object, deleted: true)
    }

    package static let organizationImageURL = "https://img.clerk.com/local-default-organization-logo"

    /// Where the server serves the organization's logo, else the default logo.
    package static func imageURL(of record: OrganizationRecord, baseURL: String) -> String {
        guard let logo = record.logo else { return organizationImageURL }
        return "\(baseURL)/images/organizations/\(record.id)/\(logo.id)"
    }

    private static func stableSuffix(_ key: String) -> String {
        String(key.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
