import ClerkAPI
import Foundation

/// The changes that need a recent verification of the session when the instance asks for
/// re-verification (`InstanceSettings.reverification`): changing the password, the authenticator app,
/// backup codes, passkeys, a phone number's second-factor use; adding or removing an email address or
/// phone number; starting, redeeming or removing a provider connection.
extension AccountAggregate {
    /// Refuses with 403 `session_reverification_required` unless the session verified the user's strongest
    /// factor less than `reverification.max_age_seconds` ago, as Clerk's `second_factor` level asks: a
    /// second factor for a user who has one (a first factor does not stand in for it), otherwise a first
    /// factor. A pending session resolving its tasks is not asked: it cannot re-verify, and has just
    /// signed in.
    func requireRecentVerification(_ context: AccountContext) throws(FrontendError) {
        guard let maxAge = settings.reverification?.maxAgeSeconds else { return }
        guard context.session.status(at: now, settings: settings.sessions) != .pending else { return }
        let needsSecondFactor = !factorRules.secondFactors(for: context.user).isEmpty
        let verifiedAt = needsSecondFactor ? context.session.secondFactorVerifiedAt : context.session.firstFactorVerifiedAt
        if let verifiedAt, now.timeIntervalSince(verifiedAt) < TimeInterval(maxAge) { return }
        throw FrontendError(.sessionReverificationRequired)
    }
}
