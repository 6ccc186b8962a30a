import ClerkAPI
import Foundation

/// Starting sessions, and whether one is live.
extension InstanceRules {
    /// Whether a session is live now: its status, lifetime and inactivity (`SessionRecord.status(at:settings:)`).
    func isLive(_ session: SessionRecord) -> Bool {
        session.isLive(at: now, settings: settings.sessions)
    }

    /// In single-session mode a client with a live session cannot start another sign-in or sign-up.
    func ensureNoLiveSession(_ client: ClientRecord) throws(FrontendError) {
        guard settings.singleSessionMode else { return }
        if let live = client.sessionIDs.compactMap({ sessions[$0] }).first(where: isLive) {
            var error = FrontendError(.sessionExists)
            error.sessionID = live.id
            throw error
        }
    }

    /// Creates the session a completed sign-in or sign-up yields and makes it the client's last
    /// active one; the client becomes trusted for the user, unless someone acts as them.
    /// An actor token's session (`impersonation`) carries its actor and lasts no longer than the token allows.
    mutating func startSession(
        for userID: String, on client: inout ClientRecord, strategy: Strategy?, firstFactorAt: Date, secondFactorAt: Date?,
        impersonation: ActorTokenRecord? = nil
    ) -> SessionRecord {
        let now = self.now
        let settings = self.settings
        let user = users[userID]
        let tasks = user.map(sessionTasks(for:)) ?? []
        let lifetime = min(settings.sessions.lifetimeSeconds, impersonation?.sessionMaxDurationSeconds ?? .max)
        var session = SessionRecord(
            id: SecureRandom.identifier(prefix: "sess"), clientID: client.id, userID: userID,
            status: tasks.isEmpty ? .active : .pending, tasks: tasks,
            firstFactorVerifiedAt: firstFactorAt, secondFactorVerifiedAt: secondFactorAt, lastActiveAt: now,
            expireAt: now.addingTimeInterval(TimeInterval(lifetime)),
            abandonAt: now.addingTimeInterval(TimeInterval(settings.sessions.lifetimeSeconds) * 4),
            createdAt: now, updatedAt: now)
        session.actor = impersonation?.actor
        sessions[session.id] = session
        client.sessionIDs.append(session.id)
        client.lastActiveSessionID = session.id
        client.lastAuthenticationStrategy = strategy
        // Someone acting as the user is not the user signing in: the device earns no trust for them.
        guard impersonation == nil else { return session }
        client.trustedUserIDs.insert(userID)
        if var user {
            user.lastSignInAt = now
            store(user)
        }
        return session
    }
}
