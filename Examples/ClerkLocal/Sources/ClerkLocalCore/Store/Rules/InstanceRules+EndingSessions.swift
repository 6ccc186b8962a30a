import ClerkAPI
import Foundation

/// Ending sessions, and finding the live one a request names.
extension InstanceRules {
    /// Takes matching live sessions off their clients; a client whose last active session went
    /// falls back to its most recent remaining one.
    mutating func endSessions(status: SessionStatus = .ended, where matches: (SessionRecord) -> Bool) {
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

    mutating func liveSession(_ meta: RequestMeta, id: String) throws(FrontendError) -> (ClientRecord, SessionRecord) {
        let client = try requireClient(meta)
        guard let session = sessions[id], session.clientID == client.id else { throw .notFound("SessionNotFound") }
        guard isLive(session) else { throw .signedOut() }
        return (client, session)
    }

    /// Revokes a session from outside, as Clerk's dashboard or Backend API does: it can no
    /// longer mint tokens, and its client stops listing it. Revoking a session that already
    /// ended changes nothing.
    package mutating func revokeSession(id: String) throws(FrontendError) -> AdminSession {
        guard let session = sessions[id] else { throw .notFound("SessionNotFound") }
        endSessions(status: .revoked) { $0.id == id }
        return adminView(sessions[id] ?? session)
    }

    func adminView(_ session: SessionRecord) -> AdminSession {
        AdminSession(
            id: session.id, userID: session.userID, clientID: session.clientID,
            status: session.status(at: now, settings: settings.sessions), actorID: session.actor?["sub"]?.stringValue)
    }
}
