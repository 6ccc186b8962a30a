extension ClerkClient {
    /// Where a new client state came from.
    enum ClientUpdateOrigin {
        /// A read (`GET /v1/client`, a restore): sessions it shows were not created now.
        case read
        /// A mutation: sessions it shows for the first time were created by this device.
        case mutation
    }

    /// Takes `newClient` as the client state and reports what changed: sessions created, ended
    /// (signed out here or revoked) and a new active session. Ended sessions lose their cached
    /// tokens; a new active session drops every cached token; the `last_active_token` each
    /// signed-in session carries is then cached for it; the background refresh follows the
    /// active session.
    func apply(client newClient: ClientResource?, origin: ClientUpdateOrigin = .mutation, endReason: SessionEndReason? = nil) {
        let oldClient = client
        client = newClient
        let before = SessionLifecycle.signedIn(oldClient)
        let after = SessionLifecycle.signedIn(newClient)
        let afterIDs = Set(after.map(\.id))
        let beforeIDs = Set(before.map(\.id))
        var changes: [AuthEvent] = []

        for session in before where !afterIDs.contains(session.id) {
            sessionTokens.remove(sessionID: session.id)
            if sessionsBeingSignedOut.contains(session.id) {
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
            sessionTokens.removeAll()
            changes.append(.sessionChanged(from: oldActive, to: newActive))
        }
        let carried = sessionTokens.seed(carriedBy: after, previous: oldClient, receivedAt: clock.now(), leeway: tokenPolicy.refreshLeeway)
        for note in carried { log(note) }
        for event in changes {
            log("event: \(event.description)")
            events.send(event)
        }
        let snapshot = SessionSnapshot(session: SessionLifecycle.active(newClient), sessions: after)
        if snapshot != SessionSnapshot(session: SessionLifecycle.active(oldClient), sessions: before) {
            snapshots.send(snapshot)
        }
        followActiveSessionWithRefresh()
    }

    /// Records that the server refused a request about `sessionID` in a way that means it is
    /// gone: the session leaves the local state (and stops being active), with its tokens.
    func endLocally(sessionID: String, reason: SessionEndReason) {
        guard var updated = client, updated.sessions.contains(where: { $0.id == sessionID }) else {
            sessionTokens.remove(sessionID: sessionID)
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

    /// Runs `body`, a request about `sessionID`; when the answer says the session is gone, the
    /// session is ended locally before the error is rethrown. `notFoundMeansGone` is false for a
    /// request whose 404 may be about something else it names (a token template).
    func aboutSession<T>(
        _ sessionID: String, notFoundMeansGone: Bool = true, _ body: () async throws(ClerkError) -> T
    ) async throws(ClerkError) -> T {
        do {
            return try await body()
        } catch {
            if let reason = SessionRefusal.reason(for: error, sessionScoped: true, notFoundMeansGone: notFoundMeansGone) {
                endLocally(sessionID: sessionID, reason: reason)
            }
            throw error
        }
    }

    /// Runs `body` while `sessionIDs` are being signed out here, so that their end is reported
    /// as `signedOut`.
    func signingOut<T>(_ sessionIDs: [String], _ body: () async throws(ClerkError) -> T) async throws(ClerkError) -> T {
        let added = Set(sessionIDs).subtracting(sessionsBeingSignedOut)
        sessionsBeingSignedOut.formUnion(added)
        defer { sessionsBeingSignedOut.subtract(added) }
        return try await body()
    }
}

extension ClerkClient {
    /// Applies what an answer said about the client (from ``FrontendConnection``).
    func apply(_ update: ClientStateUpdate) {
        switch update {
        case .client(let newClient, let origin): apply(client: newClient, origin: origin)
        case .allSessionsEnded(let reason): endAllLocally(reason: reason)
        }
    }
}
