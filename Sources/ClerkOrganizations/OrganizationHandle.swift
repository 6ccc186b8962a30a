/// One organization, acting for one session: get it from an account with
/// `account.organization(_:)` or `account.createOrganization(name:slug:)`.
///
/// Every request goes to `/v1/organizations/{organization_id}/…` with the session in
/// `_clerk_session_id`, through the account (so a session the client no longer lists fails with
/// `ClerkError.flow(.noSession)` before any request, and an account set to re-verify does so
/// here too). What a member may do depends on the role's permissions: the API refuses the rest
/// (`not_allowed_access`, 403).
public struct OrganizationHandle: Sendable, CustomStringConvertible {
    /// The account whose session the requests act for.
    public let account: AccountHandle
    /// The organization (`org_…`).
    public let organizationID: String

    /// A handle on `organizationID` for `account`'s session.
    public init(account: AccountHandle, organizationID: String) {
        self.account = account
        self.organizationID = organizationID
    }

    /// The session the requests act for.
    var sessionID: String { account.sessionID }

    /// Reads the organization (`GET /v1/organizations/{organization_id}`).
    public func organization() async throws(ClerkError) -> Organization {
        try await account.send(GetOrganizationRequest(organizationID: organizationID, clerkSessionID: sessionID)).response
    }

    /// Renames the organization or changes its slug (`PATCH /v1/organizations/{organization_id}
    /// {name, slug}`); a nil value is not sent. The Frontend API changes no metadata: public
    /// metadata is written from the Backend API.
    public func update(name: String? = nil, slug: String? = nil) async throws(ClerkError) -> Organization {
        let request = UpdateOrganizationRequest(organizationID: organizationID, clerkSessionID: sessionID, body: .init(name: name, slug: slug))
        return try await account.send(request).response
    }

    /// Deletes the organization (`DELETE /v1/organizations/{organization_id}`), when the
    /// instance lets admins do so (`Organization.adminDeleteEnabled`).
    @discardableResult
    public func delete() async throws(ClerkError) -> DeletedObject {
        try await account.send(DeleteOrganizationRequest(organizationID: organizationID, clerkSessionID: sessionID)).response
    }

    /// Removes the organization's logo (`DELETE /v1/organizations/{organization_id}/logo`).
    @discardableResult
    public func removeLogo() async throws(ClerkError) -> DeletedObject {
        try await account.send(DeleteOrganizationLogoRequest(organizationID: organizationID, clerkSessionID: sessionID)).response
    }

    /// The roles a member may have, each with its permissions (`GET /v1/organizations/{organization_id}/roles`).
    public func roles(_ page: PageRequest = PageRequest()) async throws(ClerkError) -> Page<OrganizationRole> {
        let request = ListOrganizationRolesRequest(organizationID: organizationID, clerkSessionID: sessionID, limit: page.limit, offset: page.offset)
        return try await account.readPage(request)
    }

    /// The organization id; never a secret.
    public var description: String { "OrganizationHandle(\(organizationID) for \(sessionID))" }
}
