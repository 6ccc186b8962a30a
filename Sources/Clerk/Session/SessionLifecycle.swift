/// Which session statuses mean signed in, and which mean the session is over.
enum SessionLifecycle {
    private static let ended: Set<SessionStatus> = [.revoked, .ended, .expired, .removed, .abandoned, .replaced]

    /// Whether a session with `status` is over. Statuses this SDK does not know are not: a
    /// new status never signs anyone out.
    static func hasEnded(_ status: SessionStatus) -> Bool {
        ended.contains(status)
    }

    /// The sessions of `client` that have not ended, in the client's order.
    static func signedIn(_ client: ClientResource?) -> [Session] {
        client?.sessions.filter { !hasEnded($0.status) } ?? []
    }

    /// The client's last active session, when it has not ended.
    static func active(_ client: ClientResource?) -> Session? {
        guard let id = client?.lastActiveSessionID else { return nil }
        return signedIn(client).first { $0.id == id }
    }
}
