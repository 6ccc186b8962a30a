import ClerkOrganizations

/// A member as a member-management screen shows one.
public struct MemberRow: Sendable, Hashable {
    public var userID: String
    public var identifier: String
    public var role: String
}

/// The members with their roles, and the roles they may be given.
public func membersAndRoles(of organization: OrganizationHandle) async throws -> (members: [MemberRow], roles: [String]) {
    let members = try await organization.members().items.compactMap { membership -> MemberRow? in
        guard let user = membership.publicUserData, let userID = user.userID else { return nil }
        return MemberRow(userID: userID, identifier: user.identifier, role: membership.role)
    }
    let roles = try await organization.roles().items.map(\.key)
    return (members, roles)
}

/// Gives a member another role, or removes them. The last admin can be neither demoted nor
/// removed: the API refuses with `organization_minimum_permissions_needed`.
public func changeMember(_ member: MemberRow, to role: String?, in organization: OrganizationHandle) async throws {
    if let role {
        _ = try await organization.updateMember(userID: member.userID, role: role)
    } else {
        try await organization.removeMember(userID: member.userID)
    }
}
