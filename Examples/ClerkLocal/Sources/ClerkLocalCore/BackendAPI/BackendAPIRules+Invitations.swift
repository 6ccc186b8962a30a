import ClerkAPI
import Foundation

extension BackendAPIRules {
    /// `POST /invitations`: a pending invitation for an address with no account and no pending
    /// invitation (unless `ignore_existing`), and its email (unless `notify` is false). Everything is
    /// checked before anything is sent or stored.
    package mutating func createInvitation(_ input: BackendCreateInvitation) throws(FrontendError) -> IssuedInvitation {
        guard settings.emailAddress.enabled else { throw FrontendError(.invitationsNotSupported) }
        let address = IdentifierFormat.normalizedEmail(input.emailAddress)
        guard IdentifierFormat.isValidEmail(address) else { throw .invalidEmail("email_address") }
        let metadata = input.publicMetadata ?? .object([:])
        guard case .object = metadata else {
            throw .invalidFormat("public_metadata", longMessage: "public_metadata must be a JSON object.")
        }
        try MetadataLimits.check(metadata, parameter: "public_metadata")
        let lifetime = input.expiresInDays ?? BackendCreateInvitation.defaultLifetimeDays
        guard BackendCreateInvitation.lifetimeDays.contains(lifetime) else {
            throw .invalidFormat("expires_in_days", longMessage: "expires_in_days must be between 1 and 365.")
        }
        if let slug = input.templateSlug, !BackendCreateInvitation.templateSlugs.contains(slug) { throw .invalidValue("template_slug", slug) }
        if let redirectURL = input.redirectURL, let refusal = RedirectURLRule.refusal(of: redirectURL, allowed: settings.allowedRedirectUrls) {
            throw refusal
        }
        if input.ignoreExisting != true {
            guard userIDsByEmail[address] == nil else { throw .identifierExists("email_address") }
            if invitations.records(for: LookupKey.email(address)).contains(where: { $0.emailAddress == address && $0.status(now: now) == .pending }) {
                throw FrontendError(
                    ClerkErrorCode(rawValue: "duplicate_record"), status: 400, message: "duplicate record",
                    longMessage: "There are already pending invitations for the following email addresses: \(address)")
            }
        }

        let (record, ticket) = InvitationRecord.issue(to: address, publicMetadata: metadata, now: now, lifetimeDays: lifetime)
        let url = Self.invitationLink(base: input.redirectURL ?? operation.frontendAPIURL() + "/sign-up", ticket: ticket)
        invitations[record.id] = record
        if input.notify != false {
            let message = outbox.deliverInvitation(to: address, link: url, applicationName: settings.applicationName, now: now)
            state.deliveredInOperation?.insert(message.id)
        }
        return IssuedInvitation(record: record, url: url)
    }

    /// `GET /invitations`: filtered, sorted and paged; `total` counts every match.
    package func listInvitations(_ query: BackendInvitationQuery) -> (page: [InvitationRecord], total: Int) {
        let now = self.now
        let found = query.sorted(invitations.values.filter { query.matches($0, now: now) })
        return (Array(found.dropFirst(query.offset).prefix(query.limit)), found.count)
    }

    /// `POST /invitations/{id}/revoke`: a pending or expired invitation; its ticket no longer signs up.
    package mutating func revokeInvitation(id: String) throws(FrontendError) -> IssuedInvitation {
        guard var record = invitations[id] else {
            throw FrontendError(.resourceNotFound, variant: "InvitationNotFound", longMessage: "No invitation was found with id \(id).")
        }
        switch record.state {
        case .revoked:
            throw FrontendError(
                ClerkErrorCode(rawValue: "invitation_already_revoked"), status: 400, message: "Invitation is already revoked.",
                longMessage: "Invitation is already revoked.")
        case .accepted:
            throw FrontendError(.invitationAlreadyAccepted)
        case .pending:
            break
        }
        record.state = .revoked
        record.updatedAt = now
        invitations[id] = record
        return IssuedInvitation(record: record, url: nil)
    }

    /// The link that accepts an invitation: `base` with the ticket and `__clerk_status=sign_up`.
    static func invitationLink(base: String, ticket: String) -> String {
        let (beforeFragment, fragment) =
            base.firstIndex(of: "#").map { (String(base[..<$0]), String(base[$0...])) } ?? (base, "")
        let separator = beforeFragment.contains("?") ? "&" : "?"
        return beforeFragment + separator + "__clerk_ticket=" + ticket + "&__clerk_status=sign_up" + fragment
    }
}
