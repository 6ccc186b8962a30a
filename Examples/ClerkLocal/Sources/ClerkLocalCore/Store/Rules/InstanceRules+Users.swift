import Foundation

/// Finding and storing users, and counting failed secret attempts towards their lockout.
extension InstanceRules {
    func user(withIdentifier identifier: String, kind: IdentifierKind) -> UserRecord? {
        state.directory.user(withIdentifier: identifier, kind: kind)
    }

    /// Stores the user; an address that became verified enrols them by their organizations' domains.
    mutating func store(_ user: UserRecord) {
        let before = users[user.id]
        state.directory.store(user, changedAt: now)
        enrollNewlyVerifiedAddresses(of: user, before: before)
    }

    /// The user's lock, as the error to answer with, if the user is locked now.
    func lockError(for user: UserRecord) -> FrontendError? {
        user.lockout.remainingLock(now: now).map { FrontendError.userLocked(expiresIn: $0) }
    }

    /// Counts a failed secret attempt (password, code, authenticator, backup code) towards the
    /// account's lockout. Answers the lock if this attempt caused it and the answer may reveal that
    /// the account exists; otherwise the given error.
    mutating func failedSecretAttempt(userID: String, error: FrontendError, revealsLock: Bool = true) -> FrontendError {
        guard var user = users[userID] else { return error }
        let lockedNow = user.lockout.recordFailure(now: now, settings: settings.lockout)
        store(user)
        if lockedNow, revealsLock, let lock = lockError(for: user) { return lock }
        return error
    }

    /// The answer to a code that did not verify; a wrong code actually compared (`counted`) also
    /// counts towards the account's lockout, as Clerk counts it.
    mutating func failedCodeAttempt(
        _ outcome: CodeChallenge.Outcome, counted: Bool, userID: String?, revealsLock: Bool
    ) -> FrontendError {
        let error = codeFailure(outcome)
        guard counted, let userID else { return error }
        return failedSecretAttempt(userID: userID, error: error, revealsLock: revealsLock)
    }
}
