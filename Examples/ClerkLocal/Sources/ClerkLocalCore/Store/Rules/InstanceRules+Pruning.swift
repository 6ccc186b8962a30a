import Foundation

/// Abandoned state is dropped on a schedule read from the server's clock, so that sign-ins,
/// sign-ups and clients nobody finishes cannot pile up.
extension InstanceRules {
    /// How often the sweep runs.
    static var pruneInterval: TimeInterval { 10 * 60 }
    /// A client with nothing left on it is dropped after this long without a change.
    static var idleClientLifetime: TimeInterval { 24 * 3600 }

    /// Sweeps when the clock has passed the next sweep time.
    mutating func pruneIfDue() {
        let now = self.now
        guard now >= state.nextPruneAt else { return }
        state.nextPruneAt = now.addingTimeInterval(Self.pruneInterval)
        prune()
    }

    /// Drops sign-ins and sign-ups past their `abandon_at`, sessions no longer live (ended and removed
    /// ones at once, expired ones once abandoned), and clients left with none of these that have been
    /// idle for a day.
    mutating func prune() {
        let now = self.now
        let sessionSettings = settings.sessions
        signIns.removeAll { $0.abandonAt <= now }
        signUps.removeAll { $0.abandonAt <= now }
        sessions.removeAll { session in
            switch session.status(at: now, settings: sessionSettings) {
            case .active, .pending: false
            case .expired: session.abandonAt <= now
            default: true
            }
        }
        for (id, client) in clients {
            var kept = client
            if let signIn = kept.signInID, signIns[signIn] == nil { kept.signInID = nil }
            if let signUp = kept.signUpID, signUps[signUp] == nil { kept.signUpID = nil }
            kept.sessionIDs.removeAll { sessions[$0] == nil }
            if let last = kept.lastActiveSessionID, sessions[last] == nil { kept.lastActiveSessionID = nil }
            let empty = kept.signInID == nil && kept.signUpID == nil && kept.sessionIDs.isEmpty
            if empty, now.timeIntervalSince(kept.updatedAt) >= Self.idleClientLifetime {
                state.clientBook.remove(client)
            } else if kept.signInID != client.signInID || kept.signUpID != client.signUpID
                || kept.sessionIDs != client.sessionIDs || kept.lastActiveSessionID != client.lastActiveSessionID
            {
                clients[id] = kept
            }
        }
    }
}
