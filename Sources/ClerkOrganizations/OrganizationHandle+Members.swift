extension OrganizationHandle {
    /// The members, one page at a time (`GET /v1/organizations/{organization_id}/memberships`
    /// with `paginated=true`): only those whose name, email address or other identifier contains
    /// `query`, and only those with `role`, when given.
    public func members(
        query: String? = nil, role: String? = nil, _ page: PageRequest = PageRequest()
    ) async throws(ClerkError) -> Page<OrganizationMembership> {
        let request = ListOrganizationMembersRequest(
            organizationID: organizationID, clerkSessionID: sessionID, limit: page.limit, offset: page.offset,
            paginated: true, query: query, role: role)
        return try await account.readPage(request)
    }

    /// Gives a member another role (`PATCH /v1/organizations/{organization_id}/memberships/{user_id} {role}`).
    public func updateMember(userID: String, role: String) async throws(ClerkError) -> OrganizationMembership {
        let request = UpdateOrganizationMemberRequest(organizationID: organizationID, userID: userID, clerkSessionID: sessionID, body: .init(role: role))
        return try await account.send(request).response
    }

    /// Removes a member (`DELETE /v1/organizations/{organization_id}/memberships/{user_id}`).
    @discardableResult
    public func removeMember(userID: String) async throws(ClerkError) -> OrganizationMembership {
        try await account.send(RemoveOrganizationMemberRequest(organizationID: organizationID, userID: userID, clerkSessionID: sessionID)).response
    }
}
