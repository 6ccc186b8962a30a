import ClerkAPI
import Foundation

/// The Backend API's other organization invitation calls: one by id, several at once, and the
/// instance's invitations across organizations.
extension OrganizationBackendRules {
    /// `GET /organizations/{id}/invitations/{invitation_id}`.
    package mutating func backendInvitation(_ organizationID: String, invitationID: String) throws(FrontendError) -> OrganizationInvitationView {
        let organization = try backendOrganization(organizationID).record
        guard let invitation = organizationBook.invitations[invitationID], invitation.organizationID == organization.id else {
            throw FrontendError(.resourceNotFound, variant: "InvitationNotFound")
        }
        return backendInvitationView(invitation, organization: organization)
    }

    /// `POST /organizations/{id}/invitations/bulk`: 1 to 10 invitations, each checked as
    /// `backendInvite` checks one, all before any is stored: one refused refuses them all.
    package mutating func backendBulkInvite(
        _ organizationID: String, _ inputs: [BackendOrganizationInvitationInput]
    ) throws(FrontendError) -> [OrganizationInvitationView] {
        let organization = try backendOrganization(organizationID).record
        guard (1...10).contains(inputs.count) else {
            throw FrontendError(
                .requestBodyInvalid, variant: "InvalidRequestBody", longMessage: "The request body must be an array of 1 to 10 invitations.")
        }
        var checked: [CheckedInvitation] = []
        for input in inputs {
            let invitation = try checkedInvitation(input, to: organization)
            guard !checked.contains(where: { $0.email == invitation.email }) else {
                throw FrontendError(.formParamDuplicate, paramName: "email_address")
            }
            checked.append(invitation)
        }
        try requireRoom(in: organization, adding: checked.count)
        var issued: [OrganizationInvitationView] = []
        for invitation in checked { issued.append(issue(invitation, in: organization)) }
        return issued
    }

    /// `GET /organization_invitations`: every organization's, filtered by `status` and by the
    /// address containing `query`, ordered by `order_by` (`created_at` or `email_address`, `-` for
    /// descending; newest first by default).
    package func backendInstanceInvitations(
        statuses: [String], query: String?, orderBy: String?, page: PageRequest
    ) throws(FrontendError) -> ListPage<OrganizationInvitationView> {
        let now = self.now
        let needle = query?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
        let found = organizationBook.invitations.values.filter {
            (statuses.isEmpty || statuses.contains($0.status(now: now))) && (needle.isEmpty || $0.emailAddress.contains(needle))
        }
        let order = orderBy ?? "-created_at"
        let descending = order.hasPrefix("-")
        let field = order.trimmingCharacters(in: CharacterSet(charactersIn: "+-"))
        let sorted: [OrganizationInvitationRecord]
        switch field {
        case "created_at": sorted = found.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        case "email_address": sorted = found.sorted { ($0.emailAddress, $0.id) < ($1.emailAddress, $1.id) }
        default:
            throw FrontendError(
                .formParamValueInvalid, paramName: "order_by",
                longMessage: "\(order) does not match one of the allowed values for parameter order_by")
        }
        let listed = page.page(descending ? sorted.reversed() : sorted)
        let items = listed.items.compactMap { invitation in
            organizationBook.organizations[invitation.organizationID].map { backendInvitationView(invitation, organization: $0) }
        }
        return ListPage(items: items, total: listed.total)
    }

    /// `GET /users/{id}/organization_invitations`: the invitations to any of the user's addresses, newest first.
    package func backendUserInvitations(
        userID: String, statuses: [String], page: PageRequest
    ) throws(FrontendError) -> ListPage<OrganizationInvitationView> {
        guard let user = users[userID] else { throw .notFound("UserNotFound") }
        let now = self.now
        let found = user.emails.flatMap { organizationBook.invitations(to: $0.address) }
            .filter { statuses.isEmpty || statuses.contains($0.status(now: now)) }
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        let listed = page.page(found)
        let items = listed.items.compactMap { invitation in
            organizationBook.organizations[invitation.organizationID].map { backendInvitationView(invitation, organization: $0) }
        }
        return ListPage(items: items, total: listed.total)
    }

    func backendInvitationView(_ invitation: OrganizationInvitationRecord, organization: OrganizationRecord) -> OrganizationInvitationView {
        OrganizationInvitationView(
            record: invitation, organization: organization, roleName: roleName(invitation.role), url: nil,
            inviter: invitation.inviterUserID.flatMap { users[$0] })
    }
}
