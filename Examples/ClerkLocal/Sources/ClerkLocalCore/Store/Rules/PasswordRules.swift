import ClerkAPI
import Foundation

/// The rules of the account's password (`POST /v1/me/change_password`).
package struct PasswordRules: AccountAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// What the store hands out for a password change checked outside it (bcrypt is slow).
package struct PasswordChangePlan: Sendable {
    package var userID: String
    /// The password in effect when the change was planned, if the user has one.
    package var passwordHash: String?
    /// False when the session's `reset-password` task is what the change resolves, or the user
    /// has no password yet.
    package var needsCurrentPassword: Bool
    /// The identifiers a new password may not equal.
    package var identifiers: [String]
}

/// `POST /v1/me/change_password`.
extension PasswordRules {
    package mutating func planPasswordChange(
        _ meta: RequestMeta, sessionID: String?, _ input: PasswordChange
    ) throws(FrontendError) -> PasswordChangePlan {
        let context = try account(meta, sessionID: sessionID, mutation: true, resolves: [.resetPassword])
        try requireRecentVerification(context)
        guard settings.password.enabled else { throw FrontendError(.featureNotEnabled) }
        guard let new = input.newPassword, !new.isEmpty else { throw .missing("new_password") }
        let user = context.user
        let needsCurrent = user.passwordHash != nil && !context.session.tasks.contains(.resetPassword)
        if needsCurrent, (input.currentPassword ?? "").isEmpty { throw .missing("current_password") }
        if let lock = lockError(for: user) { throw lock }
        return PasswordChangePlan(
            userID: user.id, passwordHash: user.passwordHash, needsCurrentPassword: needsCurrent, identifiers: user.identifiers)
    }

    /// Applies the new password if nothing changed since the plan; other sessions of the user end
    /// when asked, and the `reset-password` task is resolved.
    package mutating func completePasswordChange(
        _ meta: RequestMeta, sessionID: String?, plan: PasswordChangePlan, newHash: String, signOutOfOtherSessions: Bool
    ) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        var user = context.user
        guard user.id == plan.userID, user.passwordHash == plan.passwordHash else {
            throw FrontendError(.formPasswordValidationFailed, paramName: "current_password")
        }
        user.passwordHash = newHash
        user.passwordUpdatedAt = now
        user.passwordCompromised = false
        user.lockout.recordSuccess()
        store(user)
        let kept = context.session.id
        if signOutOfOtherSessions {
            endSessions { $0.userID == user.id && $0.id != kept }
        }
        resolveTask(.resetPassword, userID: user.id)
        return accountAnswer(users[user.id] ?? user, context)
    }

    /// A wrong current password counts towards lockout like any other.
    package mutating func failedCurrentPassword(userID: String) -> FrontendError {
        failedSecretAttempt(userID: userID, error: FrontendError(.formPasswordValidationFailed, paramName: "current_password"))
    }
}
