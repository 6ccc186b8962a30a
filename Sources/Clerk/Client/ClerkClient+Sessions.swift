extension ClerkClient {
    /// The sessions of this device that are signed in (active or pending), in the client's order.
    public var signedInSessions: [Session] {
        get async { SessionLifecycle.signedIn(await client) }
    }

    /// The active session: the client's last active one, while it is signed in.
    public var activeSession: Session? {
        get async { SessionLifecycle.active(await client) }
    }

    /// The signed-in state now: the active session, its user and every signed-in session.
    public var sessionSnapshot: SessionSnapshot {
        get async {
            let client = await client
            return SessionSnapshot(session: SessionLifecycle.active(client), sessions: SessionLifecycle.signedIn(client))
        }
    }

    /// Makes `sessionID` the active session: no request when the client already lists it as
    /// the last active session, otherwise `POST /v1/client/sessions/{id}/touch`.
    public func activate(sessionID: String) async throws(ClerkError) -> ActiveSession {
        if let client = await client, client.lastActiveSessionID == sessionID, let session = client.sessions.first(where: { $0.id == sessionID }) {
            log("finalize: \(sessionID) is already the last active session")
            return ActiveSession(session: session, neededRequest: false)
        }
        do {
            let session = try await touch(sessionID, body: .init())
            return ActiveSession(session: session, neededRequest: true)
        } catch {
            guard let lost = error.lostAnswer else { throw error }
            // The touch's answer was lost: the client says whether the session became the active one.
            do {
                try await refresh()
            } catch {
                throw .answerLost(lost)
            }
            guard let client = await client, client.lastActiveSessionID == sessionID,
                let session = client.sessions.first(where: { $0.id == sessionID })
            else {
                throw .answerLost(lost.stateShowsTheOutcome ? lost.resolved(as: .notApplied) : lost)
            }
            return ActiveSession(session: session, neededRequest: true)
        }
    }

    /// Switches the active session to another signed-in session of this device
    /// (`POST /v1/client/sessions/{id}/touch` with `intent=select_session`, and
    /// `active_organization_id` when given). No request when it is already active and no
    /// organization is asked for. Cached tokens are dropped and `sessionChanged` is reported.
    /// - Throws: `ClerkError.flow(.noSession)` when this device holds no such signed-in session.
    @discardableResult
    public func switchSession(to sessionID: String, organizationID: String? = nil) async throws(ClerkError) -> Session {
        guard let session = await signedInSessions.first(where: { $0.id == sessionID }) else { throw .flow(.noSession) }
        if organizationID == nil, await lastActiveSessionID == sessionID { return session }
        return try await touch(sessionID, body: .init(activeOrganizationID: organizationID, intent: "select_session"))
    }

    private func touch(_ sessionID: String, body: TouchSessionRequest.Body) async throws(ClerkError) -> Session {
        let envelope = try await aboutSession(sessionID) { () async throws(ClerkError) in
            try await send(TouchSessionRequest(sessionID: sessionID, body: body))
        }
        if envelope.client == nil {
            await state.applyAnswered(session: envelope.response, makeActive: true)
        }
        return envelope.response
    }

    /// Signs out of one session on this device (`POST /v1/client/sessions/{id}/remove`); the
    /// last active session when `sessionID` is nil. Its tokens are dropped and `signedOut` is reported.
    /// - Throws: `ClerkError.flow(.noSession)` when there is no session to sign out of.
    @discardableResult
    public func signOut(sessionID: String? = nil) async throws(ClerkError) -> Session {
        let lastActive = await lastActiveSessionID
        guard let id = sessionID ?? lastActive else { throw .flow(.noSession) }
        return try await signingOut([id]) { () async throws(ClerkError) -> Session in
            let session = try await aboutSession(id) { () async throws(ClerkError) in
                try await send(RemoveSessionRequest(sessionID: id)).response
            }
            await state.endLocally(sessionID: id, reason: .status(session.status))
            return session
        }
    }

    /// Ends one session (`POST /v1/client/sessions/{id}/end`): like `signOut`, but the session
    /// is marked ended rather than removed. Its tokens are dropped and `signedOut` is reported.
    @discardableResult
    public func endSession(_ sessionID: String) async throws(ClerkError) -> Session {
        try await signingOut([sessionID]) { () async throws(ClerkError) -> Session in
            let session = try await aboutSession(sessionID) { () async throws(ClerkError) in
                try await send(EndSessionRequest(sessionID: sessionID)).response
            }
            await state.endLocally(sessionID: sessionID, reason: .status(session.status))
            return session
        }
    }

    /// Signs out of every session on this device and keeps the client
    /// (`DELETE /v1/client/sessions`), so the device stays known (Client Trust). Every cached
    /// token is dropped and each session is reported `signedOut`.
    public func signOutOfAllSessions() async throws(ClerkError) {
        try await signingOut(await signedInSessions.map(\.id)) { () async throws(ClerkError) in
            _ = try await send(RemoveClientSessionsRequest())
            await state.endAllLocally(reason: .missingFromClient)
        }
        tokens.removeAll()
    }

    /// Signs out of every session on this device and ends the client itself (`DELETE /v1/client`).
    /// Every cached token is dropped and each session is reported `signedOut`.
    public func signOutEverywhere() async throws(ClerkError) {
        try await signingOut(await signedInSessions.map(\.id)) { () async throws(ClerkError) in
            _ = try await send(DeleteClientRequest())
            await state.endAllLocally(reason: .clientGone)
        }
        tokens.removeAll()
    }

    /// The user's active sessions on every device, with their latest activity
    /// (`GET /v1/me/sessions/active?_clerk_session_id=…`, as the active session).
    /// - Throws: `ClerkError.flow(.noSession)` without an active session.
    public func activeSessionsOfUser() async throws(ClerkError) -> [SessionWithActivity] {
        guard let current = await activeSession?.id else { throw .flow(.noSession) }
        return try await aboutSession(current) { () async throws(ClerkError) in
            try await send(GetActiveSessionsRequest(clerkSessionID: current))
        }
    }

    /// Revokes one of the user's sessions, usually on another device
    /// (`POST /v1/me/sessions/{id}/revoke?_clerk_session_id=…`, as the active session). When it
    /// is a session of this device, it ends here too (`signedOut`).
    /// - Throws: `ClerkError.flow(.noSession)` without an active session.
    @discardableResult
    public func revokeSession(_ sessionID: String) async throws(ClerkError) -> Session {
        guard let current = await activeSession?.id else { throw .flow(.noSession) }
        return try await signingOut([sessionID]) { () async throws(ClerkError) -> Session in
            let session = try await aboutSession(current) { () async throws(ClerkError) in
                try await send(RevokeSessionRequest(sessionID: sessionID, clerkSessionID: current)).response
            }
            if SessionLifecycle.hasEnded(session.status) {
                await state.endLocally(sessionID: sessionID, reason: .status(session.status))
            }
            return session
        }
    }
}
