import ClerkAPI
import Foundation

/// The ticket of an organization invitation's email link: signing up with it (`strategy=ticket`)
/// creates the invited user with the address verified and makes them a member; signing in with it
/// signs the invited user in and makes them a member. Either way the invitation is accepted and the
/// new session has the organization active.
extension InstanceRules {
    /// The organization invitation whose ticket this is, or nil when the ticket is none's.
    func organizationInvitationHolding(ticket: String) -> OrganizationInvitationRecord? {
        let digest = TokenDigest.of(ticket)
        return organizationBook.invitations.records(for: LookupKey.digest(digest)).first { TokenDigest.matches($0.ticketDigest, digest) }
    }

    /// The invitation while its ticket may be used: pending, unexpired, organizations on.
    /// - Throws: `organization_invitation_already_accepted`, `organization_invitation_revoked_code`,
    ///   `ticket_expired_code`, or `organization_not_enabled_in_instance`.
    func usableOrganizationInvitation(_ invitation: OrganizationInvitationRecord) throws(FrontendError) -> OrganizationInvitationRecord {
        try requireOrganizationsEnabled()
        switch invitation.status(now: now) {
        case "accepted": throw FrontendError(.organizationInvitationAlreadyAccepted, paramName: "ticket")
        case "revoked": throw FrontendError(.organizationInvitationRevokedCode, paramName: "ticket")
        case "expired": throw FrontendError(.ticketExpiredCode, paramName: "ticket")
        default: return invitation
        }
    }

    /// The invited user joins with the invitation's role (and its public metadata); the invitation is
    /// accepted and `sessionID`'s active organization (if given) becomes the organization.
    mutating func joinInvitedOrganization(_ invitationID: String, userID: String, sessionID: String?) {
        guard var invitation = organizationBook.invitations[invitationID], invitation.state == .pending,
            organizationBook.organizations[invitation.organizationID] != nil
        else { return }
        invitation.state = .accepted
        invitation.updatedAt = now
        organizationBook.invitations[invitation.id] = invitation
        if organizationBook.membership(organizationID: invitation.organizationID, userID: userID) == nil {
            var membership = addMembership(invitation.organizationID, userID: userID, role: invitation.role)
            membership.publicMetadata = invitation.publicMetadata
            membership.privateMetadata = invitation.privateMetadata
            organizationBook.memberships[membership.id] = membership
        }
        if let sessionID, var session = sessions[sessionID] {
            session.lastActiveOrganizationID = invitation.organizationID
            sessions[sessionID] = session
        }
    }

    /// The email link of an organization invitation: to sign up, or to sign in when the address has an account.
    func organizationInvitationLink(base: String, ticket: String, email: String) -> String {
        let link = BackendAPIRules.invitationLink(base: base, ticket: ticket)
        guard userIDsByEmail[email] != nil else { return link }
        return link.replacingOccurrences(of: "&__clerk_status=sign_up", with: "&__clerk_status=sign_in")
    }
}

extension SignUpRules {
    /// A sign-up with an organization invitation's ticket: the invited address, verified by the ticket.
    func applyingOrganizationInvitation(
        _ found: OrganizationInvitationRecord, to record: SignUpRecord, input: SignUpInput
    ) throws(FrontendError) -> SignUpRecord {
        let invitation = try usableOrganizationInvitation(found)
        guard userIDsByEmail[invitation.emailAddress] == nil else {
            throw FrontendError(.organizationInvitationIdentificationAlreadyExists, paramName: "ticket")
        }
        try Self.requireInvitedAddress(input, invited: invitation.emailAddress)
        var record = record
        record.emailAddress = invitation.emailAddress
        record.emailVerification = .verified(.ticket)
        record.organizationInvitationID = invitation.id
        return record
    }

    /// Before the user is created: the organization invitation is still usable for the same address.
    func checkOrganizationAdmission(of record: SignUpRecord, invitationID: String) throws(FrontendError) {
        guard let invitation = organizationBook.invitations[invitationID], invitation.emailAddress == record.emailAddress else {
            throw FrontendError(.ticketInvalidCode, paramName: "ticket")
        }
        _ = try usableOrganizationInvitation(invitation)
    }
}

extension SignInRules {
    /// A sign-in with an organization invitation's ticket: the invited address's user signs in (as
    /// after a first factor) and joins. Without an account, `organization_invitation_identification_not_exist`.
    mutating func signInWithOrganizationInvitation(
        _ found: OrganizationInvitationRecord, client: inout ClientRecord, input: SignInStart
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        let invitation = try usableOrganizationInvitation(found)
        guard let userID = userIDsByEmail[invitation.emailAddress], let user = users[userID] else {
            throw FrontendError(.organizationInvitationIdentificationNotExist, paramName: "ticket")
        }
        try ensureNotSignedIn(user.id, on: client)
        if let lock = lockError(for: user) { throw lock }
        // The ticket proves the address: the user joins now, even when a second factor is still due.
        joinInvitedOrganization(invitation.id, userID: user.id, sessionID: nil)
        let answer = completeTicketSignIn(user: user, client: &client, input: input)
        guard let sessionID = answer.resource.createdSessionID, var session = sessions[sessionID] else { return answer }
        session.lastActiveOrganizationID = invitation.organizationID
        sessions[sessionID] = session
        return StoreAnswer(resource: answer.resource, snapshot: snapshot(of: client.id))
    }
}
