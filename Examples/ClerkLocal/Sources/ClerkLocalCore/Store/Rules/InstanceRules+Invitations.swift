import ClerkAPI
import Foundation

/// The invitations table, and finding the invitation a ticket belongs to.
extension InstanceRules {
    var invitations: TrackedTable<InvitationRecord> {
        get { state.invitations }
        _modify { yield &state.invitations }
    }

    /// The invitation whose ticket this is, or nil when the ticket is no invitation's.
    func invitationHolding(ticket: String) -> InvitationRecord? {
        let digest = TokenDigest.of(ticket)
        return invitations.records(for: LookupKey.digest(digest)).first { TokenDigest.matches($0.ticketDigest, digest) }
    }

    /// The invitation a ticket may still be used with: pending and not expired.
    /// - Throws: `invitation_already_accepted`, `revoked_invitation` or `ticket_expired_code`.
    func usableInvitation(_ invitation: InvitationRecord) throws(FrontendError) -> InvitationRecord {
        switch invitation.status(now: now) {
        case .accepted: throw FrontendError(.invitationAlreadyAccepted, paramName: "ticket")
        case .revoked: throw FrontendError(.revokedInvitation, paramName: "ticket")
        case .expired: throw FrontendError(.ticketExpiredCode, paramName: "ticket")
        case .pending: return invitation
        }
    }

    /// Marks the invitation accepted by the user just created or signed in, and the waitlist entry it
    /// invited, if any, completed.
    mutating func acceptInvitation(id: String) {
        guard var invitation = invitations[id] else { return }
        invitation.state = .accepted
        invitation.updatedAt = now
        invitations[id] = invitation
        for var entry in state.waitlist.records(for: LookupKey.email(invitation.emailAddress)) where entry.invitationID == id {
            entry.status = .completed
            entry.updatedAt = now
            state.waitlist[entry.id] = entry
        }
    }
}
