import ClerkAPI
import Foundation

/// The rules of clients and their sessions: reading a client, signing out, touching, ending and
/// revoking sessions, and granting the tokens they mint.
package struct SessionRules: InstanceRules {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// What a token request needs from the store: the session and its user, signed outside.
package struct TokenGrant: Sendable {
    package var session: SessionRecord
    package var user: UserRecord
    /// The session's active organization, for the token's `o` claim.
    package var organization: ActiveOrganization? = nil
}

extension SessionRules {
    // MARK: /v1/client

    /// `GET /v1/client`: nil when the request carries no client the server knows.
    package mutating func readClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot? {
        try client(for: meta).map { snapshot(of: $0.id) }
    }

    /// `POST /v1/client` and `PUT /v1/client`: a new, empty client with a new token. A development
    /// browser's request moves the browser to the new client; the old one keeps its sessions, found by no browser.
    package mutating func createClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
        try admit(meta)
        var client = ClientRecord.new(now: now)
        if meta.devBrowserToken != nil, var previous = try self.client(for: meta) {
            client.devBrowserToken = previous.devBrowserToken
            previous.devBrowserToken = nil
            store(previous)
        }
        store(client)
        return snapshot(of: client.id)
    }

    /// `DELETE /v1/client`: ends every session of the client and drops its sign-in and sign-up.
    package mutating func signOutClient(_ meta: RequestMeta) throws(FrontendError) -> ClientSnapshot {
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

    package mutating func touchSession(_ meta: RequestMeta, id: String, _ input: SessionTouch) throws(FrontendError) -> StoreAnswer<TokenGrant> {
        try admit(meta)
        var (client, session) = try liveSession(meta, id: id)
        if let organization = input.activeOrganizationID {
            session.lastActiveOrganizationID = try activeOrganizationChoice(
                organization, userID: session.userID, parameter: "active_organization_id", slugAllowed: true)
            // An organization chosen resolves the session's `choose-organization` task.
            if session.lastActiveOrganizationID != nil, session.tasks.contains(.chooseOrganization) {
                session.tasks.removeAll { $0 == .chooseOrganization }
                if session.tasks.isEmpty, session.status == .pending { session.status = .active }
            }
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

    package mutating func grantToken(
        _ meta: RequestMeta, sessionID: String, _ input: TokenRequest, admitted: Bool = false
    ) throws(FrontendError) -> TokenGrant {
        if !admitted { try admit(meta) }
        var (_, session) = try liveSession(meta, id: sessionID)
        // A token for another organization than the active one (`organization_id`; empty: none).
        var tokenOrganization: String?
        if let id = input.organizationID {
            tokenOrganization = try activeOrganizationChoice(id, userID: session.userID, parameter: "organization_id") ?? ""
        }
        guard let user = users[session.userID] else { throw .signedOut() }
        session.lastActiveAt = now
        session.lastActiveAddress = meta.remoteAddress
        sessions[session.id] = session
        let organization = tokenOrganization == "" ? nil : activeOrganization(of: session, overriding: tokenOrganization)
        return TokenGrant(session: session, user: user, organization: organization)
    }

    /// `remove` (this device forgets it) and `end` (signed out) both take the session off the client.
    package mutating func finishSession(_ meta: RequestMeta, id: String, status: SessionStatus) throws(FrontendError) -> StoreAnswer<TokenGrant> {
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
}
