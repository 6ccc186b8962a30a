import ClerkAPI
import Foundation

/// What the Backend API sends to create or change an organization.
package struct BackendOrganizationInput: Sendable {
    package var name: String?
    package var slug: String?
    package var createdBy: String?
    package var publicMetadata: JSONValue?
    package var privateMetadata: JSONValue?
    package var maxAllowedMemberships: Int?
    package var adminDeleteEnabled: Bool?

    package init(
        name: String? = nil, slug: String? = nil, createdBy: String? = nil, publicMetadata: JSONValue? = nil,
        privateMetadata: JSONValue? = nil, maxAllowedMemberships: Int? = nil, adminDeleteEnabled: Bool? = nil
    ) {
        self.name = name
        self.slug = slug
        self.createdBy = createdBy
        self.publicMetadata = publicMetadata
        self.privateMetadata = privateMetadata
        self.maxAllowedMemberships = maxAllowedMemberships
        self.adminDeleteEnabled = adminDeleteEnabled
    }
}

/// The Backend API's organizations (`/organizations…`): the instance acts, so no member's permission
/// is checked; the membership limit, the last manager and unique slugs still hold.
extension OrganizationBackendRules {
    /// `POST /organizations`: with `created_by`, that user becomes a member with the creator role.
    package mutating func backendCreateOrganization(_ input: BackendOrganizationInput) throws(FrontendError) -> OrganizationView {
        try requireOrganizationsEnabled()
        let name = try Self.organizationName(input.name)
        let slug = try newSlug(input.slug, name: name, organizationID: nil)
        if let creator = input.createdBy, users[creator] == nil {
            throw FrontendError(ClerkErrorCode(rawValue: "organization_creator_not_found"), status: 400, paramName: "created_by")
        }
        let publicMetadata = try Self.metadata(input.publicMetadata, "public_metadata") ?? .object([:])
        let privateMetadata = try Self.metadata(input.privateMetadata, "private_metadata") ?? .object([:])
        if let limit = input.maxAllowedMemberships, limit < 0 { throw .invalidFormat("max_allowed_memberships") }
        let record = OrganizationRecord(
            id: SecureRandom.identifier(prefix: "org"), name: name, slug: slug, publicMetadata: publicMetadata, privateMetadata: privateMetadata,
            maxAllowedMemberships: input.maxAllowedMemberships, adminDeleteEnabled: input.adminDeleteEnabled ?? true, createdBy: input.createdBy,
            createdAt: now, updatedAt: now)
        organizationBook.organizations[record.id] = record
        if let creator = input.createdBy { _ = addMembership(record.id, userID: creator, role: organizationSettings.creatorRole) }
        return organizationView(record)
    }

    /// `GET /organizations/{id}`: by id or by slug.
    package mutating func backendOrganization(_ idOrSlug: String) throws(FrontendError) -> OrganizationView {
        try requireOrganizationsEnabled()
        guard let record = organizationBook.organizations[idOrSlug] ?? organizationBook.organization(slug: idOrSlug) else {
            throw FrontendError(.resourceNotFound, variant: "OrganizationNotFound")
        }
        return organizationView(record)
    }

    /// `GET /organizations`: newest first; `query` matches the name, slug or id.
    package mutating func backendOrganizations(query: String?, page: PageRequest) throws(FrontendError) -> ListPage<OrganizationView> {
        try requireOrganizationsEnabled()
        let needle = query?.lowercased() ?? ""
        let found = organizationBook.organizations.values
            .filter { needle.isEmpty || $0.name.lowercased().contains(needle) || $0.slug.contains(needle) || $0.id == query }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        let listed = page.page(found)
        return ListPage(items: listed.items.map { organizationView($0) }, total: listed.total)
    }

    /// `PATCH /organizations/{id}`.
    package mutating func backendUpdateOrganization(_ id: String, _ input: BackendOrganizationInput) throws(FrontendError) -> OrganizationView {
        var record = try backendOrganization(id).record
        if let name = input.name { record.name = try Self.organizationName(name) }
        if let slug = input.slug { record.slug = try newSlug(slug, name: record.name, organizationID: record.id) }
        if let limit = input.maxAllowedMemberships {
            guard limit >= 0 else { throw .invalidFormat("max_allowed_memberships") }
            record.maxAllowedMemberships = limit
        }
        if let enabled = input.adminDeleteEnabled { record.adminDeleteEnabled = enabled }
        record.updatedAt = now
        organizationBook.organizations[record.id] = record
        return organizationView(record)
    }

    /// `PATCH /organizations/{id}/metadata`: merged into the metadata as Clerk merges (a null removes a key).
    package mutating func backendMergeOrganizationMetadata(
        _ id: String, publicMetadata: JSONValue?, privateMetadata: JSONValue?
    ) throws(FrontendError) -> OrganizationView {
        var record = try backendOrganization(id).record
        if let patch = try Self.metadata(publicMetadata, "public_metadata") { record.publicMetadata = Self.merge(record.publicMetadata, patch) }
        if let patch = try Self.metadata(privateMetadata, "private_metadata") { record.privateMetadata = Self.merge(record.privateMetadata, patch) }
        record.updatedAt = now
        organizationBook.organizations[record.id] = record
        return organizationView(record)
    }

    /// `DELETE /organizations/{id}`.
    package mutating func backendDeleteOrganization(_ id: String) throws(FrontendError) -> DeletedResource {
        let record = try backendOrganization(id).record
        removeOrganization(record)
        return DeletedResource(object: "organization", id: record.id, slug: record.slug)
    }

    // MARK: Memberships

    package mutating func backendAddMember(_ organizationID: String, userID: String?, role: String?) throws(FrontendError) -> MembershipView {
        let organization = try backendOrganization(organizationID).record
        guard let userID, !userID.isEmpty else { throw .missing("user_id") }
        let role = try requireRole(role)
        guard users[userID] != nil else { throw FrontendError(.resourceNotFound, variant: "UserNotFound", paramName: "user_id") }
        guard organizationBook.membership(organizationID: organization.id, userID: userID) == nil else {
            throw FrontendError(.alreadyAMemberInOrganization, longMessage: "\(userID) is already a member of the organization.")
        }
        try requireRoom(in: organization, adding: 1)
        return membershipView(addMembership(organization.id, userID: userID, role: role))
    }

    package mutating func backendMemberships(_ organizationID: String, page: PageRequest) throws(FrontendError) -> ListPage<MembershipView> {
        let organization = try backendOrganization(organizationID)
        let listed = page.page(organizationBook.members(of: organization.record.id))
        return ListPage(items: listed.items.map { membershipView($0, organization: organization) }, total: listed.total)
    }

    package mutating func backendUpdateMember(_ organizationID: String, userID: String, role: String?) throws(FrontendError) -> MembershipView {
        let organization = try backendOrganization(organizationID).record
        let role = try requireRole(role)
        guard var target = organizationBook.membership(organizationID: organization.id, userID: userID) else {
            throw FrontendError(.resourceNotFound, paramName: "user_id")
        }
        guard keepsAManager(organization.id, without: userID, newRole: role) else { throw FrontendError(.organizationMinimumPermissionsNeeded) }
        target.role = role
        target.updatedAt = now
        organizationBook.memberships[target.id] = target
        return membershipView(target)
    }

    package mutating func backendRemoveMember(_ organizationID: String, userID: String) throws(FrontendError) -> MembershipView {
        let organization = try backendOrganization(organizationID).record
        guard let target = organizationBook.membership(organizationID: organization.id, userID: userID) else {
            throw FrontendError(.resourceNotFound, paramName: "user_id")
        }
        let view = membershipView(target)
        organizationBook.memberships[target.id] = nil
        dropActiveOrganization(organization.id, userID: userID)
        return view
    }
}
