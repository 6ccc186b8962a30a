import ClerkAPI
import Foundation

/// What the Backend API sends to invite someone to an organization.
package struct BackendOrganizationInvitationInput: Sendable {
    package var emailAddress: String?
    package var role: String?
    package var inviterUserID: String?
    package var publicMetadata: JSONValue?
    package var privateMetadata: JSONValue?
    package var redirectURL: String?
    package var expiresInDays: Int?
    package var notify: Bool?

    package init(
        emailAddress: String?, role: String?, inviterUserID: String? = nil, publicMetadata: JSONValue? = nil,
        privateMetadata: JSONValue? = nil, redirectURL: String? = nil, expiresInDays: Int? = nil, notify: Bool? = nil
    ) {
        self.emailAddress = emailAddress
        self.role = role
        self.inviterUserID = inviterUserID
        self.publicMetadata = publicMetadata
        self.privateMetadata = privateMetadata
        self.redirectURL = redirectURL
        self.expiresInDays = expiresInDays
        self.notify = notify
    }
}

/// The Backend API's organization invitations: created (emailed unless `notify` is false), listed, revoked.
extension OrganizationBackendRules {
    package mutating func backendInvite(
        _ organizationID: String, _ input: BackendOrganizationInvitationInput
    ) throws(FrontendError) -> OrganizationInvitationView {
        let organization = try backendOrganization(organizationID).record
        let checked = try checkedInvitation(input, to: organization)
        try requireRoom(in: organization, adding: 1)
        return issue(checked, in: organization)
    }

    /// An invitation's input once every value is checked; nothing is stored yet.
    struct CheckedInvitation {
        var input: BackendOrganizationInvitationInput
        var email: String
        var role: String
        var publicMetadata: JSONValue
        var privateMetadata: JSONValue
        var days: Int
    }

    func checkedInvitation(_ input: BackendOrganizationInvitationInput, to organization: OrganizationRecord) throws(FrontendError) -> CheckedInvitation {
        let email = IdentifierFormat.normalizedEmail(input.emailAddress ?? "")
        guard !email.isEmpty else { throw .missing("email_address") }
        guard IdentifierFormat.isValidEmail(email) else { throw .invalidEmail("email_address") }
        let role = try requireRole(input.role)
        if let inviter = input.inviterUserID, users[inviter] == nil {
            throw FrontendError(.resourceNotFound, variant: "UserNotFound", paramName: "inviter_user_id")
        }
        let publicMetadata = try Self.metadata(input.publicMetadata, "public_metadata") ?? .object([:])
        let privateMetadata = try Self.metadata(input.privateMetadata, "private_metadata") ?? .object([:])
        let days = input.expiresInDays ?? organizationSettings.invitationLifetimeDays
        guard (1...365).contains(days) else {
            throw .invalidFormat("expires_in_days", longMessage: "expires_in_days must be between 1 and 365.")
        }
        if let redirectURL = input.redirectURL, let refusal = RedirectURLRule.refusal(of: redirectURL, allowed: settings.allowedRedirectUrls) {
            throw refusal
        }
        if let userID = userIDsByEmail[email], organizationBook.membership(organizationID: organization.id, userID: userID) != nil {
            throw FrontendError(.alreadyAMemberInOrganization, longMessage: "\(email) is already a member of the organization.")
        }
        return CheckedInvitation(
            input: input, email: email, role: role, publicMetadata: publicMetadata, privateMetadata: privateMetadata, days: days)
    }

    /// Stores a checked invitation and emails its link unless `notify` is false.
    mutating func issue(_ checked: CheckedInvitation, in organization: OrganizationRecord) -> OrganizationInvitationView {
        let input = checked.input
        let ticket = SecureRandom.token()
        let record = OrganizationInvitationRecord(
            id: SecureRandom.identifier(prefix: "orginv"), organizationID: organization.id, emailAddress: checked.email, role: checked.role,
            state: .pending, publicMetadata: checked.publicMetadata, privateMetadata: checked.privateMetadata, inviterUserID: input.inviterUserID,
            ticketDigest: TokenDigest.of(ticket), expiresAt: now.addingTimeInterval(TimeInterval(checked.days) * 24 * 3600), createdAt: now,
            updatedAt: now)
        organizationBook.invitations[record.id] = record
        let link = organizationInvitationLink(
            base: input.redirectURL ?? operation.frontendAPIURL() + "/sign-up", ticket: ticket, email: checked.email)
        if input.notify != false {
            let message = outbox.deliverOrganizationInvitation(
                to: checked.email, organizationName: organization.name, link: link, applicationName: settings.applicationName, now: now)
            state.deliveredInOperation?.insert(message.id)
        }
        return OrganizationInvitationView(
            record: record, organization: organization, roleName: roleName(checked.role), url: link,
            inviter: input.inviterUserID.flatMap { users[$0] })
    }

    package mutating func backendInvitations(
        _ organizationID: String, statuses: [String], page: PageRequest
    ) throws(FrontendError) -> ListPage<OrganizationInvitationView> {
        let organization = try backendOrganization(organizationID).record
        let now = self.now
        let found = organizationBook.invitations(of: organization.id).filter { statuses.isEmpty || statuses.contains($0.status(now: now)) }
        let listed = page.page(found)
        let items = listed.items.map {
            OrganizationInvitationView(
                record: $0, organization: organization, roleName: roleName($0.role), url: nil, inviter: $0.inviterUserID.flatMap { users[$0] })
        }
        return ListPage(items: items, total: listed.total)
    }

    package mutating func backendRevokeInvitation(_ organizationID: String, invitationID: String) throws(FrontendError) -> OrganizationInvitationView {
        let organization = try backendOrganization(organizationID).record
        guard var invitation = organizationBook.invitations[invitationID], invitation.organizationID == organization.id else {
            throw FrontendError(.resourceNotFound, variant: "InvitationNotFound")
        }
        guard invitation.isPending(now: now) else { throw FrontendError(.organizationInvitationNotPending) }
        invitation.state = .revoked
        invitation.updatedAt = now
        organizationBook.invitations[invitation.id] = invitation
        return OrganizationInvitationView(
            record: invitation, organization: organization, roleName: roleName(invitation.role), url: nil,
            inviter: invitation.inviterUserID.flatMap { users[$0] })
    }
}
