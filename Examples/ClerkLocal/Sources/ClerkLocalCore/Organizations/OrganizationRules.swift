import ClerkAPI
import Foundation

/// The rules of organizations as the Frontend API applies them for a signed-in user: creating and
/// changing organizations, their members and roles, invitations, and leaving. What a member may do
/// is what the permissions of their role allow (Clerk's system permissions `org:sys_profile:…`,
/// `org:sys_memberships:…`, `org:sys_domains:…`). Every refusal is thrown before anything changes.
package struct OrganizationRules: OrganizationAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// The signed-in user a request acts for.
package struct OrganizationCaller: Sendable {
    package var client: ClientRecord
    package var session: SessionRecord
    package var user: UserRecord
}

/// An organization with its counts, as answers show it.
package struct OrganizationView: Sendable {
    package var record: OrganizationRecord
    package var membersCount: Int
    package var pendingInvitationsCount: Int
    /// The limit in effect (the organization's own, else the instance's; 0: none).
    package var maxAllowedMemberships: Int
}

/// A membership with its organization and its user.
package struct MembershipView: Sendable {
    package var record: MembershipRecord
    package var organization: OrganizationView
    package var user: UserRecord?
    package var permissions: [String]
    package var roleName: String
}

/// An invitation with its organization, and its link when it was just created.
package struct OrganizationInvitationView: Sendable {
    package var record: OrganizationInvitationRecord
    package var organization: OrganizationRecord
    package var roleName: String
    package var url: String?
    /// Who invited, for the Backend API's `public_inviter_data`.
    package var inviter: UserRecord? = nil
}

/// One page of a list and how many match in all.
package struct ListPage<Item: Sendable>: Sendable {
    package var items: [Item]
    package var total: Int
}

/// `limit` and `offset` of a list request.
package struct PageRequest: Sendable {
    package var limit: Int
    package var offset: Int

    package init(limit: Int = 10, offset: Int = 0) {
        self.limit = limit
        self.offset = offset
    }

    package func page<Item>(_ items: [Item]) -> ListPage<Item> {
        ListPage(items: Array(items.dropFirst(offset).prefix(limit)), total: items.count)
    }
}

/// What a deletion answers.
package struct DeletedResource: Sendable {
    package var object: String
    package var id: String
    package var slug: String?
}

extension InstanceRules {
    var organizationBook: OrganizationBook {
        get { state.organizations }
        _modify { yield &state.organizations }
    }

    var organizationSettings: OrganizationSettingsModel { settings.organizations }

    /// Organizations off: every organization request is refused this way.
    func requireOrganizationsEnabled() throws(FrontendError) {
        guard organizationSettings.enabled else { throw FrontendError(.organizationNotEnabledInInstance) }
    }

    func permissions(ofRole role: String) -> [String] {
        organizationSettings.role(role)?.permissions ?? []
    }

    func roleName(_ role: String) -> String {
        organizationSettings.role(role)?.name ?? role
    }

    /// The organization a session has active now: nil when it has none or the user is no longer a member.
    func activeOrganization(of session: SessionRecord, overriding organizationID: String? = nil) -> ActiveOrganization? {
        guard organizationSettings.enabled, let id = organizationID ?? session.lastActiveOrganizationID,
            let organization = organizationBook.organizations[id],
            let membership = organizationBook.membership(organizationID: id, userID: session.userID)
        else { return nil }
        return ActiveOrganization(id: id, slug: organization.slug, role: membership.role, permissions: permissions(ofRole: membership.role))
    }

    func organizationView(_ record: OrganizationRecord) -> OrganizationView {
        let now = self.now
        return OrganizationView(
            record: record, membersCount: organizationBook.memberships.count(for: OrganizationKey.organization(record.id)),
            pendingInvitationsCount: organizationBook.invitations(of: record.id).filter { $0.isPending(now: now) }.count,
            maxAllowedMemberships: record.maxAllowedMemberships ?? organizationSettings.maxAllowedMemberships)
    }

    func membershipView(_ record: MembershipRecord, organization: OrganizationView? = nil) -> MembershipView {
        let organization = organization ?? organizationBook.organizations[record.organizationID].map(organizationView)
        return MembershipView(
            record: record, organization: organization!, user: users[record.userID], permissions: permissions(ofRole: record.role),
            roleName: roleName(record.role))
    }

    func invitationView(_ record: OrganizationInvitationRecord, url: String? = nil) -> OrganizationInvitationView? {
        guard let organization = organizationBook.organizations[record.organizationID] else { return nil }
        return OrganizationInvitationView(record: record, organization: organization, roleName: roleName(record.role), url: url)
    }

    /// Takes the organization off every session of `userID` that has it active (their next token has no `o`).
    mutating func dropActiveOrganization(_ organizationID: String, userID: String) {
        for session in sessions.records(for: LookupKey.user(userID)) where session.lastActiveOrganizationID == organizationID {
            var changed = session
            changed.lastActiveOrganizationID = nil
            sessions[session.id] = changed
        }
    }

    /// Whether the members left would still include one who can manage the others (Clerk keeps one).
    func keepsAManager(_ organizationID: String, without userID: String, newRole: String? = nil) -> Bool {
        let manage = "org:sys_memberships:manage"
        if let newRole, permissions(ofRole: newRole).contains(manage) { return true }
        return organizationBook.memberships.records(for: OrganizationKey.organization(organizationID)).contains {
            $0.userID != userID && permissions(ofRole: $0.role).contains(manage)
        }
    }

    /// Members plus pending invitations would exceed the limit with `adding` more.
    func requireRoom(in organization: OrganizationRecord, adding: Int, excludingInvitation: String? = nil) throws(FrontendError) {
        let view = organizationView(organization)
        let limit = view.maxAllowedMemberships
        guard limit > 0 else { return }
        let pendingCounted = view.pendingInvitationsCount - (excludingInvitation == nil ? 0 : 1)
        if view.membersCount + pendingCounted + adding > limit {
            throw FrontendError(
                .organizationMembershipQuotaExceeded,
                longMessage: "You have reached your limit of \(limit) organization memberships, including outstanding invitations.")
        }
    }

    /// A new membership, and the organization's `updated_at` left alone (Clerk's does not move).
    mutating func addMembership(_ organizationID: String, userID: String, role: String) -> MembershipRecord {
        let record = MembershipRecord(
            id: SecureRandom.identifier(prefix: "orgmem"), organizationID: organizationID, userID: userID, role: role,
            publicMetadata: .object([:]), privateMetadata: .object([:]), createdAt: now, updatedAt: now)
        organizationBook.memberships[record.id] = record
        return record
    }

    /// Removes an organization with its memberships, invitations, domains, suggestions and membership
    /// requests; its members' sessions lose it.
    mutating func removeOrganization(_ organization: OrganizationRecord) {
        for membership in organizationBook.memberships.records(for: OrganizationKey.organization(organization.id)) {
            organizationBook.memberships[membership.id] = nil
            dropActiveOrganization(organization.id, userID: membership.userID)
        }
        for invitation in organizationBook.invitations.records(for: OrganizationKey.organization(organization.id)) {
            organizationBook.invitations[invitation.id] = nil
        }
        removeDomainsAndRequests(of: organization.id)
        organizationBook.organizations[organization.id] = nil
    }
}
