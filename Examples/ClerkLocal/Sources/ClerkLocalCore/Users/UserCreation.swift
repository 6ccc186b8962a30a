/// Creating one user from outside the store: its password checked and hashed first (bcrypt stays
/// off the state actor), then `UserAdministration.createUser`. The admin API, the Swift API, the
/// dashboard and the Backend API all come through here; an import brings digests and goes to the
/// store directly.
package struct UserCreation: Sendable {
    package let store: FrontendStore
    package let hasher: PasswordHasher

    /// Refused input throws `NewUserRefusal`; a change storage could not keep throws what it threw.
    package func create(_ user: NewUser, password: String?, checks: PasswordChecks) async throws -> CreatedUser {
        var user = user
        if let password {
            if let violation = checks.violation(of: password, identifiers: user.givenIdentifiers, policy: store.passwordPolicy) {
                throw NewUserRefusal(index: 0, field: .password, problem: .rejected(violation))
            }
            user.passwordDigest = await hasher.hash(password)
        }
        let ready = user
        return try await store.perform(UserAdministration.self) { try $0.createUser(ready) }
    }
    package init(store: FrontendStore, hasher: PasswordHasher) {
        self.store = store
        self.hasher = hasher
    }
}

/// The checks a password set by an admin passes.
package enum PasswordChecks: Sendable {
    /// The instance's policy (length, identifiers, common passwords) and what bcrypt stores whole.
    case policy
    /// Only what bcrypt stores whole (no control characters, at most 72 bytes): seeding, and the
    /// Backend API's `skip_password_checks`.
    case storableOnly

    package func violation(of password: String, identifiers: [String], policy: PasswordPolicy) -> FrontendError? {
        switch self {
        case .policy: policy.violation(of: password, identifiers: identifiers)
        case .storableOnly: PasswordPolicy.storableViolation(of: password)
        }
    }
}
