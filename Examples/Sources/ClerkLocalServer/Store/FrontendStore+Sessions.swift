import ClerkAPI
import Foundation

/// What a token request needs from the store: the session and its user, signed outside.
struct TokenGrant: Sendable {
    var session: SessionRecord
    var user: UserRecord
}

extension FrontendStore {
    // MARK: /v1/client

    /// `GET /v1/client`: nil when the request carries no client the server knows.
    func readClient(_ meta: RequestMeta) -> ClientSnapshot? {
        client(forToken: meta.token).map { snapshot(of: $0.id) }
    }

    /// `POST /v1/client` and `PUT /v1/client`: a new, empty client with a new token.
    func createClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try admit(meta)
        let client = ClientRecord.new(now: now)
        store(client)
        return snapshot(of: client.id)
    }

    /// `DELETE /v1/client`: ends every session of the client and drops its sign-in and sign-up.
    func signOutClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try admit(meta)
        let client = try requireClient(meta)
        endSessions { $0.clientID == client.id }
        guard var updated = clients[client.id] else { throw .signedOut() }
        updated.signInID = nil
        updated.signUpID = nil
        updated.lastActiveSessionID = nil
        store(updated)
        return snapshot(of: client.id)
    }

    // MARK: /v1/client/sessions/{id}

    func touchSession(_ meta: RequestMeta, id: String, _ input: SessionTouch) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try admit(meta)
        var (client, session) = try liveSession(meta, id: id)
        if let organization = input.activeOrganizationID, !organization.isEmpty {
            throw FrontendError(.resourceNotFound, variant: "OrganizationNotFound", paramName: "active_organization_id")
        }
        session.lastActiveAt = now
        session.updatedAt = now
        session.lastActiveAddress = meta.remoteAddress
        sessions[session.id] = session
        client.lastActiveSessionID = session.id
        store(client)
        guard let user = users[session.userID] else { throw .signedOut() }
        return StoreAnswer(resource: TokenGrant(session: session, user: user), snapshot: snapshot(of: client.id))
    }

    func grantToken(
        _ meta: RequestMeta, sessionID: String, _ input: TokenRequest, admitted: Bool = false
    ) throws(FrontendError) -> TokenGrant {
        if !admitted { try admit(meta) }
        var (_, session) = try liveSession(meta, id: sessionID)
        if let organization = input.organizationID, !organization.isEmpty {
            throw FrontendError(.resourceNotFound, variant: "OrganizationNotFound", paramName: "organization_id")
        }
        guard let user = users[session.userID] else { throw .signedOut() }
        session.lastActiveAt = now
        session.lastActiveAddress = meta.remoteAddress
        sessions[session.id] = session
        return TokenGrant(session: session, user: user)
    }

    /// `remove` (this device forgets it) and `end` (signed out) both take the session off the client.
    func finishSession(_ meta: RequestMeta, id: String, status: SessionStatus) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try admit(meta)
        let client = try requireClient(meta)
        guard let session = sessions[id], session.clientID == client.id else { throw .notFound("SessionNotFound") }
        guard isLive(session) else {
            throw FrontendError(
                .invalidActionForSession,
                longMessage: "Unable to \(status == .removed ? "remove" : "end") session \(id)")
        }
        guard let user = users[session.userID] else { throw .notFound("SessionNotFound") }
        endSessions(status: status) { $0.id == id }
        return StoreAnswer(resource: TokenGrant(session: sessions[id] ?? session, user: user), snapshot: snapshot(of: client.id))
    }

    /// Takes matching live sessions off their clients; a client whose last active session went
    /// falls back to its most recent remaining one.
    func endSessions(status: SessionStatus = .ended, where matches: (SessionRecord) -> Bool) {
        for (id, session) in sessions where isLive(session) && matches(session) {
            var ended = session
            ended.status = status
            ended.updatedAt = now
            sessions[id] = ended
            guard var client = clients[session.clientID] else { continue }
            if client.lastActiveSessionID == id {
                client.lastActiveSessionID = client.sessionIDs.reversed().first { $0 != id && sessions[$0].map(isLive) == true }
            }
            store(client)
        }
    }

    func liveSession(_ meta: RequestMeta, id: String) throws(FrontendError) -> (ClientRecord, SessionRecord) {
        let client = try requireClient(meta)
        guard let session = sessions[id], session.clientID == client.id else { throw .notFound("SessionNotFound") }
        guard isLive(session) else { throw .signedOut() }
        return (client, session)
    }
}
