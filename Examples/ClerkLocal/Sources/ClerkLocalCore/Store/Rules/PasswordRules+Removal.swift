import ClerkAPI
import Foundation

/// `POST /v1/me/remove_password {current_password}`: checked in two steps as a change is (bcrypt
/// runs outside the store).
extension PasswordRules {
    /// Refused, changing nothing: without a password (`no_password_set`), where the instance requires
    /// one or the password is the user's only way to sign in (`password_required`), without
    /// `current_password`, for a locked user, and for a session not verified recently enough when the
    /// instance asks for re-verification.
    package mutating func planPasswordRemoval(
        _ meta: RequestMeta, sessionID: String?, currentPassword: String?
    ) throws(FrontendError) -> PasswordChangePlan {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        let user = context.user
        guard let hash = user.passwordHash else { throw FrontendError(.noPasswordSet) }
        if settings.password.required { throw FrontendError(.passwordRequired) }
        guard otherWaysToSignIn(user, excludingStrategy: .password) > 0 else {
            throw FrontendError(
                .passwordRequired, longMessage: "The password is the only way to sign in to this account: add another way first.")
        }
        guard let current = currentPassword, !current.isEmpty else { throw .missing("current_password") }
        if let lock = lockError(for: user) { throw lock }
        return PasswordChangePlan(userID: user.id, passwordHash: hash, needsCurrentPassword: true, identifiers: [])
    }

    /// Removes the password if it is still the one the plan checked.
    package mutating func completePasswordRemoval(
        _ meta: RequestMeta, sessionID: String?, plan: PasswordChangePlan
    ) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        var user = context.user
        guard user.id == plan.userID, user.passwordHash == plan.passwordHash else {
            throw FrontendError(.formPasswordValidationFailed, paramName: "current_password")
        }
        user.passwordHash = nil
        user.passwordUpdatedAt = nil
        user.lockout.recordSuccess()
        store(user)
        return accountAnswer(users[user.id] ?? user, context)
    }
}
