import Foundation

/// Finding the caller's client, and what a client sees of its state.
extension InstanceRules {
    /// Every operation starts by finding its client, so the sweep of abandoned records runs here
    /// when it is due, before the operation reads anything. A development browser's token, when the
    /// request carries one, names the client instead of `Authorization`, and one the server does not
    /// know is refused (401 `dev_browser_unauthenticated`) rather than taken for a new browser.
    mutating func client(for meta: RequestMeta) throws(FrontendError) -> ClientRecord? {
        pruneIfDue()
        guard let devBrowser = meta.devBrowserToken else { return state.clientBook.client(forToken: meta.token) }
        guard let client = state.clientBook.client(forDevBrowser: devBrowser) else { throw .devBrowserUnauthenticated() }
        return client
    }

    /// The caller's client, or 401 when the request carries none the server knows.
    mutating func requireClient(_ meta: RequestMeta) throws(FrontendError) -> ClientRecord {
        guard let client = try client(for: meta) else { throw .signedOut() }
        return client
    }

    /// The caller's client, or a new one (not yet stored) for the first sign-in or sign-up. A
    /// development browser always has its client (made with it), so it never gets a new one here.
    mutating func clientOrNew(_ meta: RequestMeta) throws(FrontendError) -> ClientRecord {
        try client(for: meta) ?? ClientRecord.new(now: now)
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
