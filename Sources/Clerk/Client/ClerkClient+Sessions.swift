extension ClerkClient {
    /// Makes `sessionID` the active session: no request when the client already lists it as
    /// the last active session, otherwise `POST /v1/client/sessions/{id}/touch`.
    public func activate(sessionID: String) async throws(ClerkError) -> ActiveSession {
        if let client, client.lastActiveSessionID == sessionID, let session = client.sessions.first(where: { $0.id == sessionID }) {
            log("finalize: \(sessionID) is already the last active session")
            return ActiveSession(session: session, neededRequest: false)
        }
        let envelope = try await send(TouchSessionRequest(sessionID: sessionID))
        return ActiveSession(session: envelope.response, neededRequest: true)
    }

    /// Signs out of one session (`POST /v1/client/sessions/{id}/remove`); the last active
    /// session when `sessionID` is nil.
    /// - Throws: `ClerkError.flow(.noSession)` when there is no session to sign out of.
    @discardableResult
    public func signOut(sessionID: String? = nil) async throws(ClerkError) -> Session {
        guard let id = sessionID ?? lastActiveSessionID else { throw .flow(.noSession) }
        return try await send(RemoveSessionRequest(sessionID: id)).response
    }

    /// Ends one session (`POST /v1/client/sessions/{id}/end`).
    @discardableResult
    public func endSession(_ sessionID: String) async throws(ClerkError) -> Session {
        try await send(EndSessionRequest(sessionID: sessionID)).response
    }

    /// Signs out of every session on this device (`DELETE /v1/client`).
    public func signOutEverywhere() async throws(ClerkError) {
        _ = try await send(DeleteClientRequest())
    }

    /// Fetches a short-lived session token (`POST /v1/client/sessions/{id}/tokens`) for
    /// `sessionID`, or for the last active session. Safe to retry; retried per `retryPolicy`.
    public func sessionToken(sessionID: String? = nil, organizationID: String? = nil) async throws(ClerkError) -> TokenResource {
        guard let id = sessionID ?? lastActiveSessionID else { throw .flow(.noSession) }
        return try await send(CreateSessionTokenRequest(sessionID: id, body: .init(organizationID: organizationID)))
    }
}
