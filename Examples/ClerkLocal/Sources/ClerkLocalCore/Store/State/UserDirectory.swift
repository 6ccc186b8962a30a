import Foundation

/// The users and the lookups that find them by identifier: an email address, a phone number or a
/// username (case-insensitive) names at most one user.
package struct UserDirectory: Sendable {
    package var users: TrackedTable<UserRecord>
    package var idsByEmail: [String: String] = [:]
    package var idsByPhone: [String: String] = [:]
    package var idsByUsername: [String: String] = [:]

    package init(tracksChanges: Bool) {
        users = TrackedTable(tracksChanges: tracksChanges, lookup: .users)
    }

    package func user(withIdentifier identifier: String, kind: IdentifierKind) -> UserRecord? {
        let id: String? =
            switch kind {
            case .emailAddress: idsByEmail[identifier]
            case .phoneNumber: idsByPhone[identifier]
            case .username: idsByUsername[identifier.lowercased()]
            }
        return id.flatMap { users[$0] }
    }

    /// The user behind a normalised identifier (`RateLimits`' keys), if any.
    package func userID(forIdentifierKey key: String) -> String? {
        guard !key.isEmpty else { return nil }
        return idsByEmail[key] ?? idsByPhone[key] ?? idsByUsername[key]
    }

    /// Stores the user as changed now, findable by its identifiers as they are now.
    package mutating func store(_ user: UserRecord, changedAt now: Date) {
        var user = user
        user.updatedAt = now
        if let previous = users[user.id] {
            for email in previous.emails where idsByEmail[email.address] == user.id { idsByEmail[email.address] = nil }
            for phone in previous.phones where idsByPhone[phone.number] == user.id { idsByPhone[phone.number] = nil }
            if let name = previous.username { idsByUsername[name.lowercased()] = nil }
        }
        users[user.id] = user
        index(user)
    }

    /// Makes the user findable by its identifiers. An address or number added on the account is an
    /// identifier only once verified.
    package mutating func index(_ user: UserRecord) {
        for email in user.emails where !email.awaitingVerification { idsByEmail[email.address] = user.id }
        for phone in user.phones where !phone.awaitingVerification { idsByPhone[phone.number] = user.id }
        if let name = user.username { idsByUsername[name.lowercased()] = user.id }
    }

    /// The lookups, from the records as they are now.
    package mutating func rebuildIndex() {
        idsByEmail = [:]
        idsByPhone = [:]
        idsByUsername = [:]
        for user in users.values { index(user) }
    }

    package mutating func clear() {
        users.clear()
        idsByEmail = [:]
        idsByPhone = [:]
        idsByUsername = [:]
    }
}
