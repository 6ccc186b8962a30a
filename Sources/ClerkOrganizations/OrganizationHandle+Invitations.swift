extension OrganizationHandle {
    /// Invites `emailAddress` with `role` (`POST /v1/organizations/{organization_id}/invitations
    /// {email_address, role, notify}`). `notify` false keeps Clerk from sending the email (the
    /// app shares the invitation's link itself); nil leaves the API's default (it sends it).
    public func invite(emailAddress: String, role: String, notify: Bool? = nil) async throws(ClerkError) -> OrganizationInvitation {
        let body = CreateOrganizationInvitationRequest.Body(emailAddress: emailAddress, role: role, notify: notify)
        return try await account.send(CreateOrganizationInvitationRequest(organizationID: organizationID, clerkSessionID: sessionID, body: body)).response
    }

    /// Invites several addresses with one role in one request
    /// (`POST /v1/organizations/{organization_id}/invitations/bulk`, one `email_address` field per address).
    /// - Throws: `ClerkError.invalidInput` (field `email_address`) for an empty list, before any request.
    public func invite(emailAddresses: [String], role: String, notify: Bool? = nil) async throws(ClerkError) -> [OrganizationInvitation] {
        guard !emailAddresses.isEmpty else {
            throw .invalidInput(InvalidInput(field: "email_address", reason: "no email address to invite"))
        }
        let body = CreateOrganizationInvitationsRequest.Body(emailAddress: emailAddresses, role: role, notify: notify)
        return try await account.send(CreateOrganizationInvitationsRequest(organizationID: organizationID, clerkSessionID: sessionID, body: body)).response
    }

    /// The invitations, optionally of one `status`, one page at a time
    /// (`GET /v1/organizations/{organization_id}/invitations`).
    public func invitations(
        status: OrganizationInvitationStatus? = nil, _ page: PageRequest = PageRequest()
    ) async throws(ClerkError) -> Page<OrganizationInvitation> {
        let request = ListOrganizationInvitationsRequest(
            organizationID: organizationID, clerkSessionID: sessionID, limit: page.limit, offset: page.offset, status: status)
        return try await account.readPage(request)
    }

    /// Every pending invitation at once (`GET /v1/organizations/{organization_id}/invitations/pending`).
    public func pendingInvitations() async throws(ClerkError) -> [OrganizationInvitation] {
        try await account.send(ListPendingOrganizationInvitationsRequest(organizationID: organizationID, clerkSessionID: sessionID)).response
    }

    /// Revokes a pending invitation: its link stops working
    /// (`POST /v1/organizations/{organization_id}/invitations/{invitation_id}/revoke`).
    @discardableResult
    public func revokeInvitation(_ invitationID: String) async throws(ClerkError) -> OrganizationInvitation {
        let request = RevokeOrganizationInvitationRequest(organizationID: organizationID, invitationID: invitationID, clerkSessionID: sessionID)
        return try await account.send(request).response
    }
}
