extension ClerkClient {
    /// Makes `organizationID` the active organization of a signed-in session (the active one
    /// when `sessionID` is nil), or the personal account when `organizationID` is nil
    /// (`POST /v1/client/sessions/{id}/touch {active_organization_id, intent: select_org}`; the
    /// personal account is sent as an empty value, which Clerk reads as null). The id may also
    /// be the organization's slug, as Clerk's touch takes either; the answer's session names the
    /// organization by id. This also resolves the session's `choose-organization` task.
    ///
    /// Every cached session token of the client is dropped first: a token asked for without an
    /// organization is the active organization's, which changes. The answer's session carries its new token,
    /// which is cached, so the next `sessionToken()` usually sends nothing.
    /// - Throws: `ClerkError.flow(.noSession)` when this device holds no such signed-in session.
    @discardableResult
    public func setActive(session sessionID: String? = nil, organization organizationID: String?) async throws(ClerkError) -> Session {
        let snapshot = await sessionSnapshot
        guard let id = sessionID ?? snapshot.session?.id, snapshot.sessions.contains(where: { $0.id == id }) else {
            throw .flow(.noSession)
        }
        clearSessionTokens()
        let body = TouchSessionRequest.Body(activeOrganizationID: organizationID ?? "", intent: "select_org")
        return try await send(TouchSessionRequest(sessionID: id, body: body)).response
    }
}

extension Session {
    /// The session's active organization, nil for the personal account.
    public var activeOrganizationID: String? {
        guard let lastActiveOrganizationID, !lastActiveOrganizationID.isEmpty else { return nil }
        return lastActiveOrganizationID
    }
}
