import ClerkAPI
import Foundation

/// The changes that need a recent verification of the session when the instance asks for
/// re-verification (`InstanceSettings.reverification`).
extension AccountRules {
    /// Refuses with 403 `session_reverification_required` when the session's last verification (its
    /// sign-in or a re-verification) is `reverification.max_age_seconds` old or older. A pending
    /// session resolving its tasks is not asked: it cannot re-verify, and has just signed in.
    func requireRecentVerification(_ context: AccountContext) throws(FrontendError) {
        guard let maxAge = settings.reverification?.maxAgeSeconds else { return }
        guard context.session.status(at: now, settings: settings.sessions) != .pending else { return }
        guard now.timeIntervalSince(context.session.lastVerifiedAt) >= TimeInterval(maxAge) else { return }
        throw FrontendError(.sessionReverificationRequired)
    }
}
