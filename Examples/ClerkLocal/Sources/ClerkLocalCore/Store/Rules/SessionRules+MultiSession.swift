import ClerkAPI
import Foundation

/// A session as the admin API lists it.
public struct AdminSession: Codable, Sendable, Hashable {
    public var id: String
    public var userID: String
    public var clientID: String
    public var status: SessionStatus
    /// The user acting as the session's user (the actor's `sub`), when an actor token started it.
    public var actorID: String? = nil

    package enum CodingKeys: String, CodingKey {
        case id, status
        case userID = "user_id"
        case clientID = "client_id"
        case actorID = "actor_id"
    }
}

extension SessionRules {
    // MARK: The client's sessions

    /// `GET /v1/client/sessions/{id}`: a session of the caller's client, whatever its status.
    package mutating func readSession(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        let client = try requireClient(meta)
        guard let session = sessions[id], session.clientID == client.id, let user = users[session.userID] else {
            throw .notFound("SessionNotFound")
        }
        return StoreAnswer(resource: TokenGrant(session: session, user: user), snapshot: snapshot(of: client.id))
    }

    /// `DELETE /v1/client/sessions`: removes every session of the client and keeps the client
    /// (and with it the device's Client Trust).
    package mutating func removeClientSessions(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try admit(meta)
        let client = try requireClient(meta)
        endSessions(status: .removed) { $0.clientID == client.id }
        guard var updated = clients[client.id] else { throw .signedOut() }
        updated.lastActiveSessionID = nil
        store(updated)
        return snapshot(of: client.id)
    }

    /// `POST /v1/client/sessions/{id}/tokens/{template}`: a live session and the named template.
    package mutating func grantTemplateToken(_ meta: RequestMeta, sessionID: String, templateName: String) throws(FrontendError) -> (TokenGrant, JWTTemplate) {
        guard let template = settings.jwtTemplates.first(where: { $0.name == templateName }) else {
            try admit(meta)
            throw FrontendError(.resourceNotFound, variant: "JWTTemplateNotFound", longMessage: "No JWT template exists with name: \(templateName)")
        }
        try admit(meta)
        let (_, session) = try liveSession(meta, id: sessionID)
        try requireNotPending(session, action: "create a \(templateName) template token for")
        return (try grantToken(meta, sessionID: sessionID, .init(), admitted: true), template)
    }

    // MARK: The user's sessions on every device (/v1/me)

    /// `GET /v1/me/sessions/active`: the live sessions of the acting session's user, on any client.
    package mutating func activeSessions(_ meta: RequestMeta, actingSessionID: String?) throws(FrontendError) -> [SessionRecord] {
        let acting = try actingSession(meta, id: actingSessionID)
        try requireNotPending(acting, action: "list the other sessions of the user of")
        return sessions.sessions(ofUser: acting.userID).filter { isLive($0) }.sorted { $0.createdAt < $1.createdAt }
    }

    /// `POST /v1/me/sessions/{id}/revoke`: revokes one of the acting user's live sessions, on
    /// this device or another.
    package mutating func revokeUserSession(_ meta: RequestMeta, id: String, actingSessionID: String?) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try admit(meta)
        let acting = try actingSession(meta, id: actingSessionID)
        if id != acting.id { try requireNotPending(acting, action: "revoke other sessions from") }
        guard let target = sessions[id], target.userID == acting.userID, let user = users[target.userID] else {
            throw .notFound("SessionNotFound")
        }
        guard isLive(target) else {
            throw FrontendError(.invalidActionForSession, longMessage: "Unable to revoke session \(id)")
        }
        endSessions(status: .revoked) { $0.id == id }
        return StoreAnswer(resource: TokenGrant(session: sessions[id] ?? target, user: user), snapshot: snapshot(of: acting.clientID))
    }

    /// The session a `/v1/me` request acts as: `_clerk_session_id`, else the client's last active
    /// session; it must be live and on the caller's client.
    private mutating func actingSession(_ meta: RequestMeta, id: String?) throws(FrontendError) -> SessionRecord {
        let client = try requireClient(meta)
        // Acting as a session this client does not hold is not authenticated, whatever the session is.
        guard let id = id ?? client.lastActiveSessionID, let session = sessions[id], session.clientID == client.id, isLive(session)
        else { throw .signedOut() }
        return session
    }

    // MARK: Admin

    /// Every session, oldest first, with its status now.
    package func listSessions() -> [AdminSession] {
        sessions.values.sorted { $0.createdAt < $1.createdAt }.map(adminView)
    }
}
