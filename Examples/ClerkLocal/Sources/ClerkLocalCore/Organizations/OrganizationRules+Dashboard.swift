import Foundation

/// One organization as its dashboard page shows it: its members with their users, oldest first,
/// its pending invitations, newest first (an invitation keeps only its ticket's digest), and its domains.
package struct DashboardOrganizationDetail: Sendable {
    package var organization: OrganizationView
    package var members: [MembershipView]
    package var pendingInvitations: [OrganizationInvitationView]
    package var domains: [OrganizationDomainRecord]
}

extension OrganizationRules {
    /// Every organization with its counts, newest first (the dashboard's list); whether the instance
    /// has organizations enabled or not, as what exists is shown.
    package func dashboardOrganizations() -> [OrganizationView] {
        organizationBook.organizations.values.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }.map(organizationView)
    }

    package func dashboardOrganization(_ id: String) -> DashboardOrganizationDetail? {
        guard let record = organizationBook.organizations[id] else { return nil }
        let organization = organizationView(record)
        let now = self.now
        return DashboardOrganizationDetail(
            organization: organization,
            members: organizationBook.members(of: id).map { membershipView($0, organization: organization) },
            pendingInvitations: organizationBook.invitations(of: id).filter { $0.isPending(now: now) }.compactMap { invitationView($0) },
            domains: organizationBook.domains(of: id).sorted { ($0.name, $0.id) < ($1.name, $1.id) })
    }
}
