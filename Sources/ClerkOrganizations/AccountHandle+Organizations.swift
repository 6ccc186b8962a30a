extension AccountHandle {
    /// The organization `organizationID` (`org_…`), acting for this account's session. No request
    /// is sent: the handle's calls are.
    public func organization(_ organizationID: String) -> OrganizationHandle {
        OrganizationHandle(account: self, organizationID: organizationID)
    }

    /// Creates an organization whose admin the user becomes (`POST /v1/organizations {name, slug}`).
    /// Without a slug the API makes one from the name. To make it the session's active
    /// organization, call `ClerkClient.setActive(session:organization:)`.
    public func createOrganization(name: String, slug: String? = nil) async throws(ClerkError) -> OrganizationHandle {
        let created = try await send(CreateOrganizationRequest(clerkSessionID: sessionID, body: .init(name: name, slug: slug))).response
        return organization(created.id)
    }

    /// What to suggest to the user creating an organization: a name and logo, and an advisory
    /// such as an organization of the user's email domain existing
    /// (`GET /v1/me/organization_creation_defaults`).
    public func organizationCreationDefaults() async throws(ClerkError) -> OrganizationCreationDefaults {
        try await send(GetOrganizationCreationDefaultsRequest(clerkSessionID: sessionID)).response
    }

    /// The user's memberships, one page at a time (`GET /v1/me/organization_memberships` with
    /// `paginated=true`, `limit` and `offset`). Each carries the organization, the role and its permissions.
    public func organizationMemberships(_ page: PageRequest = PageRequest()) async throws(ClerkError) -> Page<OrganizationMembership> {
        let request = ListOrganizationMembershipsRequest(clerkSessionID: sessionID, limit: page.limit, offset: page.offset, paginated: true)
        return try await readPage(request)
    }

    /// The user leaves an organization (`DELETE /v1/me/organization_memberships/{organization_id}`).
    /// The API refuses when the user is its last admin.
    @discardableResult
    public func leaveOrganization(_ organizationID: String) async throws(ClerkError) -> DeletedObject {
        try await send(LeaveOrganizationRequest(organizationID: organizationID, clerkSessionID: sessionID)).response
    }

    /// The invitations the user received, optionally of one `status`
    /// (`GET /v1/me/organization_invitations`).
    public func organizationInvitations(
        status: OrganizationInvitationStatus? = nil, _ page: PageRequest = PageRequest()
    ) async throws(ClerkError) -> Page<OrganizationInvitation> {
        let request = ListUserOrganizationInvitationsRequest(clerkSessionID: sessionID, limit: page.limit, offset: page.offset, status: status)
        return try await readPage(request)
    }

    /// Accepts an invitation the user received: the user becomes a member
    /// (`POST /v1/me/organization_invitations/{invitation_id}/accept`).
    @discardableResult
    public func acceptOrganizationInvitation(_ invitationID: String) async throws(ClerkError) -> OrganizationInvitation {
        try await send(AcceptOrganizationInvitationRequest(invitationID: invitationID, clerkSessionID: sessionID)).response
    }

    /// The organizations suggested to the user for a verified email domain, optionally of one
    /// `status` (`pending`, `accepted`) (`GET /v1/me/organization_suggestions`).
    public func organizationSuggestions(
        status: String? = nil, _ page: PageRequest = PageRequest()
    ) async throws(ClerkError) -> Page<OrganizationSuggestion> {
        let request = ListOrganizationSuggestionsRequest(clerkSessionID: sessionID, limit: page.limit, offset: page.offset, status: status)
        return try await readPage(request)
    }

    /// Accepts a suggestion: a membership request goes to the organization, whose admins accept
    /// or reject it (`POST /v1/me/organization_suggestions/{suggestion_id}/accept`).
    @discardableResult
    public func acceptOrganizationSuggestion(_ suggestionID: String) async throws(ClerkError) -> OrganizationSuggestion {
        try await send(AcceptOrganizationSuggestionRequest(suggestionID: suggestionID, clerkSessionID: sessionID)).response
    }
}
