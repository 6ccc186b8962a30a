import ClerkAPI
import Foundation

/// Invitations to an organization (`/v1/organizations/{id}/invitations`, with
/// `org:sys_memberships:manage`) and the invited user's side (`/v1/me/organization_invitations`).
/// An invitation is emailed with a link carrying its ticket; the invited user accepts it signed in,
/// with the address verified on their account.
extension OrganizationRules {
    /// `POST …/invitations` (one address) and `POST …/invitations/bulk` (several): all or none.
    package mutating func invite(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, addresses: [String], role: String?
    ) throws(FrontendError) -> StoreAnswer<[OrganizationInvitationView]> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let (organization, _) = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        guard !addresses.isEmpty else { throw .missing("email_address") }
        let role = try requireRole(role)
        var normalized: [String] = []
        for address in addresses {
            let email = IdentifierFormat.normalizedEmail(address)
            guard IdentifierFormat.isValidEmail(email) else { throw .invalidEmail("email_address") }
            guard !normalized.contains(email) else { throw FrontendError(.formParamDuplicate, paramName: "email_address") }
            if let userID = userIDsByEmail[email], organizationBook.membership(organizationID: organizationID, userID: userID) != nil {
                throw FrontendError(.alreadyAMemberInOrganization, longMessage: "\(email) is already a member of the organization.")
            }
            let now = self.now
            if organizationBook.invitations(to: email).contains(where: { $0.organizationID == organizationID && $0.isPending(now: now) }) {
                throw FrontendError(
                    ClerkErrorCode(rawValue: "duplicate_record"), status: 400, message: "duplicate record",
                    longMessage: "There are already pending invitations for the following email addresses: \(email)")
            }
            normalized.append(email)
        }
        try requireRoom(in: organization, adding: normalized.count)
        var issued: [OrganizationInvitationView] = []
        for email in normalized {
            let ticket = SecureRandom.token()
            let record = OrganizationInvitationRecord(
                id: SecureRandom.identifier(prefix: "orginv"), organizationID: organizationID, emailAddress: email, role: role,
                state: .pending, publicMetadata: .object([:]), privateMetadata: .object([:]), inviterUserID: caller.user.id,
                ticketDigest: TokenDigest.of(ticket),
                expiresAt: now.addingTimeInterval(TimeInterval(organizationSettings.invitationLifetimeDays) * 24 * 3600),
                createdAt: now, updatedAt: now)
            organizationBook.invitations[record.id] = record
            let link = organizationInvitationLink(base: operation.frontendAPIURL() + "/sign-up", ticket: ticket, email: email)
            let message = outbox.deliverOrganizationInvitation(
                to: email, organizationName: organization.name, link: link, applicationName: settings.applicationName, now: now)
            state.deliveredInOperation?.insert(message.id)
            issued.append(OrganizationInvitationView(record: record, organization: organization, roleName: roleName(role), url: nil))
        }
        return answer(issued, caller)
    }

    /// `GET …/invitations` (`status` filters) and `GET …/invitations/pending`, newest first.
    package mutating func listInvitations(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, statuses: [String], page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<OrganizationInvitationView>> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        let (organization, _) = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        let now = self.now
        let found = organizationBook.invitations(of: organizationID).filter { statuses.isEmpty || statuses.contains($0.status(now: now)) }
        let listed = page.page(found)
        let items = listed.items.map {
            OrganizationInvitationView(record: $0, organization: organization, roleName: roleName($0.role), url: nil)
        }
        return answer(ListPage(items: items, total: listed.total), caller)
    }

    /// `POST …/invitations/{id}/revoke`: a pending invitation only.
    package mutating func revokeInvitation(
        _ meta: RequestMeta, sessionID: String?, organizationID: String, invitationID: String
    ) throws(FrontendError) -> StoreAnswer<OrganizationInvitationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let (organization, _) = try membership(of: caller, in: organizationID, needs: "org:sys_memberships:manage")
        guard var invitation = organizationBook.invitations[invitationID], invitation.organizationID == organizationID else {
            throw FrontendError(.resourceNotFound, variant: "InvitationNotFound")
        }
        guard invitation.isPending(now: now) else { throw FrontendError(.organizationInvitationNotPending) }
        invitation.state = .revoked
        invitation.updatedAt = now
        organizationBook.invitations[invitation.id] = invitation
        return answer(OrganizationInvitationView(record: invitation, organization: organization, roleName: roleName(invitation.role), url: nil), caller)
    }

    /// `GET /v1/me/organization_invitations`: invitations to the caller's verified addresses (`status` filters).
    package mutating func ownInvitations(
        _ meta: RequestMeta, sessionID: String?, statuses: [String], page: PageRequest
    ) throws(FrontendError) -> StoreAnswer<ListPage<OrganizationInvitationView>> {
        let caller = try caller(meta, sessionID: sessionID, mutation: false)
        let now = self.now
        let found = caller.user.emails.filter(\.verified).flatMap { organizationBook.invitations(to: $0.address) }
            .filter { statuses.isEmpty || statuses.contains($0.status(now: now)) }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        let listed = page.page(found)
        return answer(ListPage(items: listed.items.compactMap { invitationView($0) }, total: listed.total), caller)
    }

    /// `POST /v1/me/organization_invitations/{id}/accept`: a pending invitation to one of the caller's
    /// verified addresses makes them a member with its role.
    package mutating func acceptInvitation(
        _ meta: RequestMeta, sessionID: String?, invitationID: String
    ) throws(FrontendError) -> StoreAnswer<OrganizationInvitationView> {
        let caller = try caller(meta, sessionID: sessionID, mutation: true)
        let verified = Set(caller.user.emails.filter(\.verified).map(\.address))
        guard var invitation = organizationBook.invitations[invitationID], verified.contains(invitation.emailAddress),
            let organization = organizationBook.organizations[invitation.organizationID]
        else { throw FrontendError(.resourceNotFound, variant: "InvitationNotFound") }
        switch invitation.status(now: now) {
        case "accepted": throw FrontendError(.organizationInvitationAlreadyAccepted)
        case "revoked": throw FrontendError(.organizationInvitationRevokedCode)
        case "expired": throw FrontendError(.organizationInvitationNotPending)
        default: break
        }
        guard organizationBook.membership(organizationID: organization.id, userID: caller.user.id) == nil else {
            throw FrontendError(.alreadyAMemberInOrganization, longMessage: "\(caller.user.id) is already a member of the organization.")
        }
        try requireRoom(in: organization, adding: 1, excludingInvitation: invitation.id)
        invitation.state = .accepted
        invitation.updatedAt = now
        organizationBook.invitations[invitation.id] = invitation
        _ = addMembership(organization.id, userID: caller.user.id, role: invitation.role)
        return answer(OrganizationInvitationView(record: invitation, organization: organization, roleName: roleName(invitation.role), url: nil), caller)
    }
}

extension Outbox {
    /// An organization invitation: the email holds the link with its ticket.
    @discardableResult
    package func deliverOrganizationInvitation(
        to address: String, organizationName: String, link: String, applicationName: String, now: Date
    ) -> OutboxMessage {
        let body = "You have been invited to join \(organizationName) on \(applicationName). Open \(link) to accept the invitation."
        return record(channel: .email, to: address, purpose: "organization_invitation", code: nil, link: link, body: body, now: now)
    }
}
