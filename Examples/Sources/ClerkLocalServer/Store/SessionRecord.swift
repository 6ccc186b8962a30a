import ClerkAPI
import Foundation

struct SessionRecord: Sendable, Codable {
    var id: String
    var clientID: String
    var userID: String
    var status: SessionStatus
    var tasks: [SessionTaskKey]
    var firstFactorVerifiedAt: Date
    var secondFactorVerifiedAt: Date?
    var lastActiveAt: Date
    var expireAt: Date
    var abandonAt: Date
    var createdAt: Date
    var updatedAt: Date
    /// The address of the last request that used the session (a token, a touch), for the
    /// user's list of active sessions.
    var lastActiveAddress: String? = nil

    /// The status in effect at `now`: an active or pending session past its lifetime, or idle for
    /// longer than the inactivity timeout, has expired. The one rule for whether a session is live:
    /// the client payload, token minting, touch, sign-out and `session_exists` all go through it.
    func status(at now: Date, settings: SessionSettings) -> SessionStatus {
        guard status == .active || status == .pending else { return status }
        if now >= expireAt { return .expired }
        if settings.inactivityTimeoutSeconds > 0,
            now >= lastActiveAt.addingTimeInterval(TimeInterval(settings.inactivityTimeoutSeconds))
        {
            return .expired
        }
        return status
    }

    /// Active or pending at `now`: listed as such on the client and able to mint tokens.
    func isLive(at now: Date, settings: SessionSettings) -> Bool {
        let current = status(at: now, settings: settings)
        return current == .active || current == .pending
    }
}
