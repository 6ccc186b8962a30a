import Foundation

/// Finding the caller's client, and what a client sees of its state.
extension InstanceRules {
    /// Every operation starts by finding its client, so the sweep of abandoned records runs here
    /// when it is due, before the operation reads anything.
    mutating func client(forToken token: String?) -> ClientRecord? {
        pruneIfDue()
        return state.clientBook.client(forToken: token)
    }

    /// The caller's client, or 401 when the request carries none the server knows.
    mutating func requireClient(_ meta: RequestMeta) throws(FrontendError) -> ClientRecord {
        guard let client = client(forToken: meta.token) else { throw .signedOut() }
        return client
    }

    /// The caller's client, or a new one (not yet stored) for the first sign-in or sign-up.
    mutating func clientOrNew(_ meta: RequestMeta) -> ClientRecord {
        client(forToken: meta.token) ?? ClientRecord.new(now: now)
    }

    mutating func store(_ client: ClientRecord) {
        state.clientBook.store(client, changedAt: now)
    }

    func snapshot(of clientID: String) -> ClientSnapshot {
        var client = clients[clientID]!
        let now = self.now
        // Live sessions, and those that expired while live: a client sees them as `expired`.
        let listed = client.sessionIDs.compactMap { sessions[$0] }.filter {
            let status = $0.status(at: now, settings: settings.sessions)
            return status == .active || status == .pending || status == .expired
        }
        if let last = client.lastActiveSessionID, !(sessions[last].map(isLive) ?? false) {
            client.lastActiveSessionID = nil
        }
        let signIn = client.signInID.flatMap { signIns[$0] }
        let signUp = client.signUpID.flatMap { signUps[$0] }
        var involved: [String: UserRecord] = [:]
        for userID in listed.map(\.userID) + [signIn?.userID].compactMap({ $0 }) {
            involved[userID] = users[userID]
        }
        var snapshot = ClientSnapshot(client: client, sessions: listed, users: involved, signIn: signIn, signUp: signUp, now: now)
        for session in listed where session.lastActiveOrganizationID != nil {
            snapshot.organizations[session.id] = activeOrganization(of: session)
        }
        if organizationSettings.enabled {
            for userID in Set(listed.map(\.userID)) {
                snapshot.memberships[userID] = organizationBook.memberships(ofUser: userID).map { membershipView($0) }
            }
        }
        return snapshot
    }
}
