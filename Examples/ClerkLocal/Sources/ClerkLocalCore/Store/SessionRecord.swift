import ClerkAPI
import Foundation

package struct SessionRecord: Sendable, Codable {
    package var id: String
    package var clientID: String
    package var userID: String
    package var status: SessionStatus
    package var tasks: [SessionTaskKey]
    package var firstFactorVerifiedAt: Date
    package var secondFactorVerifiedAt: Date?
    package var lastActiveAt: Date
    package var expireAt: Date
    package var abandonAt: Date
    package var createdAt: Date
    package var updatedAt: Date
    /// The address of the last request that used the session (a token, a touch), for the
    /// user's list of active sessions.
    package var lastActiveAddress: String? = nil
    /// The latest re-verification started on the session, if any.
    package var reverification: ReverificationRecord? = nil
    /// The organization the session has active (`touch` with `active_organization_id`); cleared when
    /// the user leaves it or it is deleted.
    package var lastActiveOrganizationID: String? = nil
    /// Who is acting as the user when an actor token started the session (an impersonation): the
    /// actor object the backend gave (`sub` and whatever else), carried as the session's `actor` and
    /// its tokens' `act` claim. Nil for the user's own sessions.
    package var actor: JSONValue? = nil

    /// The status in effect at `now`: an active or pending session past its lifetime, or idle for
    /// longer than the inactivity timeout, has expired. The one rule for whether a session is live:
    /// the client payload, token minting, touch, sign-out and `session_exists` all go through it.
    package func status(at now: Date, settings: SessionSettings) -> SessionStatus {
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
    package func isLive(at now: Date, settings: SessionSettings) -> Bool {
        let current = status(at: now, settings: settings)
        return current == .active || current == .pending
    }
}
