extension OrganizationHandle {
    /// Users' requests to join (from accepted suggestions), optionally of one `status`
    /// (`pending`, `accepted`, `rejected`) (`GET /v1/organizations/{organization_id}/membership_requests`).
    public func membershipRequests(
        status: String? = nil, _ page: PageRequest = PageRequest()
    ) async throws(ClerkError) -> Page<OrganizationMembershipRequest> {
        let request = ListOrganizationMembershipRequestsRequest(
            organizationID: organizationID, clerkSessionID: sessionID, limit: page.limit, offset: page.offset, status: status)
        return try await account.readPage(request)
    }

    /// Accepts a request: its user becomes a member
    /// (`POST /v1/organizations/{organization_id}/membership_requests/{request_id}/accept`).
    @discardableResult
    public func acceptMembershipRequest(_ requestID: String) async throws(ClerkError) -> OrganizationMembershipRequest {
        let request = AcceptOrganizationMembershipRequestRequest(organizationID: organizationID, requestID: requestID, clerkSessionID: sessionID)
        return try await account.send(request).response
    }

    /// Rejects a request (`POST /v1/organizations/{organization_id}/membership_requests/{request_id}/reject`).
    @discardableResult
    public func rejectMembershipRequest(_ requestID: String) async throws(ClerkError) -> OrganizationMembershipRequest {
        let request = RejectOrganizationMembershipRequestRequest(organizationID: organizationID, requestID: requestID, clerkSessionID: sessionID)
        return try await account.send(request).response
    }
}
