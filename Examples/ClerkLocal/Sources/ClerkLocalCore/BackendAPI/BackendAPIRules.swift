import ClerkAPI
import Foundation

/// The Backend API's reads and changes of users and sessions.
package struct BackendAPIRules: InstanceRules {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// A user as the Backend API shows it: the record and when any of its sessions was last active.
package struct BackendUserView: Sendable {
    package var user: UserRecord
    package var lastActiveAt: Date?
}

/// The Backend API's access to users and sessions. Passwords arrive already hashed; each operation
/// validates everything before it changes anything.
extension BackendAPIRules {
    package func backendView(_ user: UserRecord) -> BackendUserView {
        let lastActive = sessions.sessions(ofUser: user.id).map(\.lastActiveAt).max()
        return BackendUserView(user: user, lastActiveAt: lastActive)
    }

    package func backendUser(id: String) throws(FrontendError) -> BackendUserView {
        guard let user = users[id] else { throw .notFound("UserNotFound") }
        return backendView(user)
    }

    package func backendUsers(_ query: BackendUserQuery) -> [BackendUserView] {
        let all = users.values.map { backendView($0) }.map { (user: $0.user, lastActiveAt: $0.lastActiveAt) }
        return query.page(all).map { BackendUserView(user: $0.user, lastActiveAt: $0.lastActiveAt) }
    }

    package func backendUserCount(_ query: BackendUserQuery) -> Int {
        users.values.filter(query.matches).count
    }

    /// `PATCH /users/{id}`.
    package mutating func backendUpdateUser(id: String, _ input: BackendUpdateUser, passwordHash: String?) throws(FrontendError) -> BackendUserView {
        guard var user = users[id] else { throw .notFound("UserNotFound") }
        if let username = input.username {
            try checkUsername(username, for: id)
            user.username = username
        }
        if let emailID = input.primaryEmailAddressID {
            guard let index = user.emails.firstIndex(where: { $0.id == emailID && !$0.awaitingVerification }) else {
                throw .notFound("ResourceNotFound", parameter: "primary_email_address_id")
            }
            user.emails.insert(user.emails.remove(at: index), at: 0)
        }
        if let phoneID = input.primaryPhoneNumberID {
            guard let index = user.phones.firstIndex(where: { $0.id == phoneID && !$0.awaitingVerification }) else {
                throw .notFound("ResourceNotFound", parameter: "primary_phone_number_id")
            }
            user.phones.insert(user.phones.remove(at: index), at: 0)
        }
        if let metadata = input.unsafeMetadata {
            guard case .object = metadata else { throw .invalidFormat("unsafe_metadata", longMessage: "unsafe_metadata must be a JSON object.") }
            try MetadataLimits.check(metadata, parameter: "unsafe_metadata")
            user.unsafeMetadata = metadata
        }
        if let firstName = input.firstName { user.firstName = try UserFieldRules.name(firstName, parameter: "first_name") }
        if let lastName = input.lastName { user.lastName = try UserFieldRules.name(lastName, parameter: "last_name") }
        if let passwordHash {
            user.passwordHash = passwordHash
            user.passwordUpdatedAt = now
            user.passwordCompromised = false
        }
        store(user)
        if passwordHash != nil, input.signOutOfOtherSessions == true {
            endSessions(status: .revoked) { $0.userID == id }
        }
        return backendView(users[id] ?? user)
    }

    /// `DELETE /users/{id}`: the user, their sessions (revoked) and their sign-ins in progress go.
    package mutating func backendDeleteUser(id: String) throws(FrontendError) {
        guard users[id] != nil else { throw .notFound("UserNotFound") }
        removeUser(id, endingSessionsAs: .revoked)
    }

    /// `POST /users/{id}/lock` (until unlocked) and `POST /users/{id}/unlock`.
    package mutating func backendSetLocked(id: String, _ locked: Bool) throws(FrontendError) -> BackendUserView {
        guard var user = users[id] else { throw .notFound("UserNotFound") }
        if locked {
            user.lockout.lockedUntil = .distantFuture
        } else {
            user.lockout.recordSuccess()
        }
        store(user)
        return backendView(users[id] ?? user)
    }

    /// `POST /users/{id}/password/set_compromised` (and `unset_compromised`): a flagged password gives
    /// the user's next session the `reset-password` task.
    package mutating func backendSetPasswordCompromised(id: String, _ compromised: Bool) throws(FrontendError) -> BackendUserView {
        guard var user = users[id] else { throw .notFound("UserNotFound") }
        user.passwordCompromised = compromised
        store(user)
        return backendView(users[id] ?? user)
    }

    /// `GET /sessions`: oldest first, filtered by user, client and status now.
    package func backendSessions(userID: String?, clientID: String?, status: SessionStatus?) -> [SessionRecord] {
        let now = self.now
        let candidates = userID.map { sessions.sessions(ofUser: $0) } ?? Array(sessions.values)
        return candidates.filter { session in
            (clientID == nil || session.clientID == clientID)
                && (status == nil || session.status(at: now, settings: settings.sessions) == status)
        }.sorted { $0.createdAt < $1.createdAt }
    }

    /// `POST /sessions/{id}/revoke`: the session as it is afterwards.
    package mutating func backendRevokeSession(id: String) throws(FrontendError) -> SessionRecord {
        _ = try revokeSession(id: id)
        guard let session = sessions[id] else { throw .notFound("SessionNotFound") }
        return session
    }

    private mutating func checkUsername(_ username: String, for userID: String?) throws(FrontendError) {
        guard IdentifierFormat.isValidUsername(username) else { throw .invalidFormat("username") }
        if let owner = userIDsByUsername[username.lowercased()], owner != userID { throw .identifierExists("username") }
    }
}
