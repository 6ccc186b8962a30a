import ClerkAPI
import Foundation

/// The tasks a new session starts with, and how they are resolved: a session with tasks is
/// `pending` until the account API has done each of them.
extension InstanceRules {
    /// `reset-password` when the password was flagged compromised; `setup-mfa` when the instance
    /// requires MFA and the user has no second factor; `choose-organization` when the instance
    /// requires an organization (a new session has no active one; touching it with one resolves it).
    func sessionTasks(for user: UserRecord) -> [SessionTaskKey] {
        var tasks: [SessionTaskKey] = []
        if user.passwordCompromised, settings.password.enabled { tasks.append(.resetPassword) }
        if mfaRequired, !hasSecondFactor(user) { tasks.append(.setupMFA) }
        if settings.organizations.enabled, settings.organizations.forceOrganizationSelection { tasks.append(.chooseOrganization) }
        return tasks
    }

    var mfaRequired: Bool { settings.mfa.required && settings.mfa.anyEnabled }

    /// A second factor that signs in by itself: an authenticator app or a reserved phone number
    /// (backup codes only count beside one of them).
    func hasSecondFactor(_ user: UserRecord) -> Bool {
        user.hasTOTP || user.secondFactorPhone != nil
    }

    /// Takes `task` off the user's live sessions; a session left with no task becomes active.
    mutating func resolveTask(_ task: SessionTaskKey, userID: String) {
        for (id, session) in sessions where session.userID == userID && session.tasks.contains(task) && isLive(session) {
            var updated = session
            updated.tasks.removeAll { $0 == task }
            if updated.tasks.isEmpty, updated.status == .pending { updated.status = .active }
            updated.updatedAt = now
            sessions[id] = updated
        }
    }
}
