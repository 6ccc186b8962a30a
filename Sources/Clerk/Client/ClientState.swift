import ClerkAPI

/// The client state of one ``ClerkClient``, in a small actor of its own: the client as the last
/// answer described it (sign-in, sign-up, sessions, last active session), applied one update at a
/// time, each update with its effects in the same step: the auth events and snapshot it causes
/// are broadcast, and the session tokens follow (``SessionTokens``: ended sessions lose theirs, the
/// tokens the client carries are cached, the background refresh follows the active session).
actor ClientState {
    /// Where a new client state came from.
    enum Origin: Sendable {
        /// A read (`GET /v1/client`, a restore): sessions it shows were not created now.
        case read
        /// A mutation: sessions it shows for the first time were created by this device.
        case mutation
    }

    /// The client as the last answer described it.
    private(set) var client: ClientResource?
    /// Sessions this device is signing out of right now: their end is `signedOut`, not `sessionRevoked`.
    private var signingOut: Set<String> = []
    /// The auth events, shared with ``SessionTokens`` (which reports `tokenRefreshed`).
    nonisolated let events: Broadcast<AuthEvent>
    nonisolated let snapshots = Broadcast<SessionSnapshot>(replaysLatest: true)
    nonisolated let tokens: SessionTokens
    private let log: @Sendable (String) -> Void

    init(tokens: SessionTokens, events: Broadcast<AuthEvent>, log: @escaping @Sendable (String) -> Void) {
        self.tokens = tokens
        self.events = events
        self.log = log
        snapshots.send(.signedOut)
    }

    /// Applies what an answer said about the client (from ``FrontendConnection``).
    func apply(_ update: ClientStateUpdate) {
        switch update {
        case .client(let newClient, let origin): apply(client: newClient, origin: origin)
        case .allSessionsEnded(let reason): endAllLocally(reason: reason)
        }
    }

    /// Takes `newClient` as the client state and reports what changed: sessions created, ended
    /// (signed out here or revoked) and a new active session. Ended sessions lose their cached
    /// tokens; a new active session drops every cached token; the `last_active_token` each
    /// signed-in session carries is then cached for it; the background refresh follows the
    /// active session.
    func apply(client newClient: ClientResource?, origin: Origin = .mutation, endReason: SessionEndReason? = nil) {
        let oldClient = client
        client = newClient
        let before = SessionLifecycle.signedIn(oldClient)
        let after = SessionLifecycle.signedIn(newClient)
        let afterIDs = Set(after.map(\.id))
        let beforeIDs = Set(before.map(\.id))
        var changes: [AuthEvent] = []

        for session in before where !afterIDs.contains(session.id) {
            tokens.remove(sessionID: session.id)
            if signingOut.contains(session.id) {
                changes.append(.signedOut(sessionID: session.id))
            } else {
                let listed = newClient?.sessions.first { $0.id == session.id }
                let reason = endReason ?? listed.map { .status($0.status) } ?? (newClient == nil ? .clientGone : .missingFromClient)
                changes.append(.sessionRevoked(sessionID: session.id, reason: reason))
            }
        }
        if origin == .mutation {
            for session in after where !beforeIDs.contains(session.id) {
                changes.append(.signedIn(sessionID: session.id, userID: session.user?.id ?? session.publicUserData?.userID))
            }
        }
        let oldActive = SessionLifecycle.active(oldClient)?.id
        let newActive = SessionLifecycle.active(newClient)?.id
        if oldActive != newActive {
            tokens.removeAll()
            changes.append(.sessionChanged(from: oldActive, to: newActive))
        }
        tokens.seed(carriedBy: after, previous: oldClient)
        for event in changes {
            log("event: \(event.description)")
            events.send(event)
        }
        let snapshot = SessionSnapshot(session: SessionLifecycle.active(newClient), sessions: after)
        if snapshot != SessionSnapshot(session: SessionLifecycle.active(oldClient), sessions: before) {
            snapshots.send(snapshot)
        }
        tokens.follow(activeSessionID: newActive)
    }

    /// Records that the server refused a request about `sessionID` in a way that means it is
    /// gone: the session leaves the local state (and stops being active), with its tokens.
    func endLocally(sessionID: String, reason: SessionEndReason) {
        guard var updated = client, updated.sessions.contains(where: { $0.id == sessionID }) else {
            tokens.remove(sessionID: sessionID)
            return
        }
        updated.sessions.removeAll { $0.id == sessionID }
        if updated.lastActiveSessionID == sessionID { updated.lastActiveSessionID = nil }
        apply(client: updated, origin: .read, endReason: reason)
    }

    /// Ends every signed-in session locally (the server said the client or all its sessions are gone).
    func endAllLocally(reason: SessionEndReason) {
        guard var updated = client else { return }
        updated.sessions.removeAll { !SessionLifecycle.hasEnded($0.status) }
        updated.lastActiveSessionID = nil
        apply(client: updated, origin: .read, endReason: reason)
    }

    /// Applies a session the server answered without a client (a touch may skip the client):
    /// the session replaces its old copy and, when `makeActive`, becomes the active one.
    func applyAnswered(session: Session, makeActive: Bool) {
        guard var updated = client else { return }
        if let index = updated.sessions.firstIndex(where: { $0.id == session.id }) {
            updated.sessions[index] = session
        } else {
            updated.sessions.append(session)
        }
        if makeActive { updated.lastActiveSessionID = session.id }
        apply(client: updated, origin: .read)
    }

    /// Wants the background token refresh, following the active session from now on (see
    /// ``SessionTokens/startRefresh(following:fetch:)``).
    func startTokenRefresh(fetch: @escaping @Sendable (String) async throws(ClerkError) -> SessionToken) {
        tokens.startRefresh(following: SessionLifecycle.active(client)?.id, fetch: fetch)
    }

    /// Forgets the current sign-in and sign-up (no request).
    func forgetAttempts() {
        client?.signIn = nil
        client?.signUp = nil
    }

    /// Marks `sessionIDs` as being signed out here, so that their end is reported as
    /// `signedOut`; returns those not marked already, to pass to `endSigningOut`.
    func beginSigningOut(_ sessionIDs: [String]) -> Set<String> {
        let added = Set(sessionIDs).subtracting(signingOut)
        signingOut.formUnion(added)
        return added
    }

    func endSigningOut(_ sessionIDs: Set<String>) {
        signingOut.subtract(sessionIDs)
    }
}
