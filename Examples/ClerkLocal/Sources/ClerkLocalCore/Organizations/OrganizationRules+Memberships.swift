import ClerkAPI
import Foundation

/// Members and roles: `/v1/organizations/{id}/memberships`, `/roles`, and the user's own
/// memberships (`/v1/me/organization_memberships`). Clerk keeps at least one member who can manage
/// the others: the last one can be neither demoted nor removed, nor leave.
extension OrganizationRules {
    /// `GET /v1/organizations/{id}/memberships`: with `org:sys_memberships:read`; `role` and `query` filter.
    package mutating func listMemberships(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, role: String?, query: String? = nil, page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<MembershipView>> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        let (organization, _) = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:read")
        let view = organizationView(organization)
        var members = organizationBook.members(of: organizationID)
        if let role, !role.isEmpty { members = members.filter { $0.role == role } }
        // As Clerk's spec says: part of any of the member's identifiers, username, user id, first or last name.
        if let text = query?.trimmingWhitespace().lowercased(), !text.isEmpty {
            var filter = BackendUserQuery()
            filter.text = text
            members = members.filter { users[$0.userID].map(filter.matches) ?? false }
        }
        let listed = page.page(members)
        return answer(ListPage(items: listed.items.map { membershipView($0, organization: view) }, total: listed.total), caller)
    }

    /// `POST /v1/organizations/{id}/memberships`: adds an existing user, with `org:sys_memberships:manage`.
    package mutating func addMember(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, userID: String?, role: String?
    ) throws(FrontendError) -> StoreAnswer<MembershipView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let (organization, _) = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        guard let userID, !userID.isEmpty else { throw .missing("user_id") }
        let role = try requireRole(role)
        guard users[userID] != nil else { throw FrontendError(.resourceNotFound, variant: "UserNotFound", paramName: "user_id") }
        guard organizationBook.membership(organizationID: organizationID, userID: userID) == nil else {
            throw FrontendError(.alreadyAMemberInOrganization, longMessage: "\(userID) is already a member of the organization.")
        }
        try requireRoom(in: organization, adding: 1)
        let record = addMembership(organizationID, userID: userID, role: role)
        return answer(membershipView(record), caller)
    }

    /// `PATCH /v1/organizations/{id}/memberships/{user_id}`: a new role, with `org:sys_memberships:manage`.
    package mutating func updateMember(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, userID: String, role: String?
    ) throws(FrontendError) -> StoreAnswer<MembershipView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        _ = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        let role = try requireRole(role)
        guard var target = organizationBook.membership(organizationID: organizationID, userID: userID) else {
            throw FrontendError(.resourceNotFound, paramName: "user_id")
        }
        guard keepsAManager(organizationID, without: userID, newRole: role) else { throw FrontendError(.organizationMinimumPermissionsNeeded) }
        target.role = role
        target.updatedAt = now
        organizationBook.memberships[target.id] = target
        return answer(membershipView(target), caller)
    }

    /// `DELETE /v1/organizations/{id}/memberships/{user_id}`: with `org:sys_memberships:manage`; the
    /// removed member's sessions lose the organization.
    package mutating func removeMember(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, userID: String
    ) throws(FrontendError) -> StoreAnswer<MembershipView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        _ = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        guard let target = organizationBook.membership(organizationID: organizationID, userID: userID) else {
            throw FrontendError(.resourceNotFound, paramName: "user_id")
        }
        guard keepsAManager(organizationID, without: userID) else { throw FrontendError(.organizationMinimumPermissionsNeeded) }
        let view = membershipView(target)
        organizationBook.memberships[target.id] = nil
        dropActiveOrganization(organizationID, userID: userID)
        return answer(view, caller)
    }

    /// `DELETE /v1/me/organization_memberships/{organization_id}`: the caller leaves.
    package mutating func leaveOrganization(
        _ meta: RequestMeta, sessionID: String?, organizationID: String
    ) throws(FrontendError) -> StoreAnswer<DeletedResource> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let (_, own) = try membership(of: caller, in: organizationID, needs: nil)
        guard keepsAManager(organizationID, without: caller.user.id) else { throw FrontendError(.organizationMinimumPermissionsNeeded) }
        organizationBook.memberships[own.id] = nil
        dropActiveOrganization(organizationID, userID: caller.user.id)
        return answer(DeletedResource(object: "organization_membership", id: own.id, slug: nil), caller)
    }

    /// `GET /v1/me/organization_memberships`: the caller's, oldest first.
    package mutating func ownMemberships(
        _ meta: RequestMeta, sessionID: String?, page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<MembershipView>> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        let listed = page.page(organizationBook.memberships(ofUser: caller.user.id))
        return answer(ListPage(items: listed.items.map { membershipView($0) }, total: listed.total), caller)
    }

    /// `GET /v1/organizations/{id}/roles`: the instance's roles, for members.
    package mutating func listRoles(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<OrganizationRoleSetting>> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        _ = try membership(of: caller, in: organizationID, needs: nil)
        return answer(page.page(organizationSettings.roles), caller)
    }
}
