import ClerkAPI
import Foundation

/// `/v1/organizations` and `/v1/organizations/{id}`.
extension OrganizationRules {
    // MARK: Organizations

    /// `POST /v1/organizations`: the creator becomes a member with the creator role. A session
    /// pending its `choose-organization` task may create one (then touch the session with it).
    package mutating func createOrganization(
        _ meta: RequestMeta, sessionID: String?, name: String?, slug: String?
    ) throws(FrontendError) -> StoreAnswer<OrganizationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true, resolves: [.chooseOrganization])
        let name = try Self.organizationName(name)
        let slug = try newSlug(slug, name: name, organizationID: nil)
        let record = OrganizationRecord(
            id: SecureRandom.identifier(prefix: "org"), name: name, slug: slug, publicMetadata: .object([:]), privateMetadata: .object([:]),
            maxAllowedMemberships: nil, adminDeleteEnabled: true, createdBy: caller.user.id, createdAt: now, updatedAt: now)
        organizationBook.organizations[record.id] = record
        _ = addMembership(record.id, userID: caller.user.id, role: organizationSettings.creatorRole)
        return answer(organizationView(record), caller)
    }

    /// `GET /v1/organizations/{id}`: for its members.
    package mutating func readOrganization(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<OrganizationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        let (organization, _) = try membership(of: caller, in: id, needs: nil)
        return answer(organizationView(organization), caller)
    }

    /// `PATCH /v1/organizations/{id}`: name and slug, with `org:sys_profile:manage`.
    package mutating func updateOrganization(
        _ meta: RequestMeta, sessionID: String?, id: String, name: String?, slug: String?
    ) throws(FrontendError) -> StoreAnswer<OrganizationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        var (organization, _) = try membership(of: caller, in: id, needs: "org:sys_profile:manage")
        if let name { organization.name = try Self.organizationName(name) }
        if let slug { organization.slug = try newSlug(slug, name: organization.name, organizationID: organization.id) }
        organization.updatedAt = now
        organizationBook.organizations[organization.id] = organization
        return answer(organizationView(organization), caller)
    }

    /// `DELETE /v1/organizations/{id}`: with `org:sys_profile:delete`, when admins may delete; its
    /// memberships and invitations end with it.
    package mutating func deleteOrganization(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedResource> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let (organization, _) = try membership(of: caller, in: id, needs: "org:sys_profile:delete")
        guard organizationSettings.adminDeleteEnabled, organization.adminDeleteEnabled else {
            throw FrontendError(.organizationAdminDeleteNotEnabled)
        }
        removeOrganization(organization)
        return answer(DeletedResource(object: "organization", id: organization.id, slug: organization.slug), caller)
    }

}
