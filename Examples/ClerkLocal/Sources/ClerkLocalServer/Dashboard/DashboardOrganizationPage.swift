import ClerkLocalCore
import Foundation

/// What an organization's page renders: the organization, its members with their roles, its pending
/// invitations and its domains. No secret: an invitation keeps only its ticket's digest,
/// and a member is shown by identifier and name.
package struct DashboardOrganizationPage: Sendable {
    package struct MemberRow: Sendable {
        package var userID: String
        package var user: String
        package var fullName: String?
        package var role: String
        package var roleName: String
        package var joined: String
    }

    package struct InvitationRow: Sendable {
        package var id: String
        package var emailAddress: String
        package var role: String
        package var sent: String
        package var expires: String
    }

    package struct DomainRow: Sendable {
        package var id: String
        package var name: String
        package var enrollmentMode: String
        /// "verified" with its time, or "not verified".
        package var verification: String
    }

    package var applicationName: String
    package var instanceType: String
    package var id: String
    package var name: String
    package var slug: String
    package var created: String
    package var membersCount: Int
    /// The organization's member limit in effect, in words.
    package var limit: String
    package var members: [MemberRow]
    package var invitations: [InvitationRow]
    package var domains: [DomainRow]
}

extension DashboardPageBuilder {
    /// The page of organization `id`, nil when there is none.
    package func organizationPage(_ id: String) async -> DashboardOrganizationPage? {
        guard let detail = await core.store.read(OrganizationRules.self, { $0.dashboardOrganization(id) }) else { return nil }
        let organization = detail.organization
        let settings = core.settings
        return DashboardOrganizationPage(
            applicationName: settings.applicationName, instanceType: settings.instanceType.rawValue, id: organization.record.id,
            name: organization.record.name, slug: organization.record.slug, created: DashboardTime.dateTime(organization.record.createdAt),
            membersCount: organization.membersCount,
            limit: organization.maxAllowedMemberships == 0 ? "no member limit" : "up to \(organization.maxAllowedMemberships) members",
            members: detail.members.map(Self.row), invitations: detail.pendingInvitations.map(Self.row),
            domains: detail.domains.map { domain in
                DashboardOrganizationPage.DomainRow(
                    id: domain.id, name: domain.name, enrollmentMode: domain.enrollmentMode.replacingOccurrences(of: "_", with: " "),
                    verification: domain.verifiedAt.map { "verified " + DashboardTime.dateTime($0) } ?? "not verified")
            })
    }

    static func row(_ member: MembershipView) -> DashboardOrganizationPage.MemberRow {
        let user = member.user
        let name = [user?.firstName, user?.lastName].compactMap { $0 }.joined(separator: " ")
        let identifier = user.map { $0.primaryEmail?.address ?? $0.primaryPhone?.number ?? $0.username ?? $0.id } ?? member.record.userID
        return DashboardOrganizationPage.MemberRow(
            userID: member.record.userID, user: identifier, fullName: name.isEmpty ? nil : name, role: member.record.role,
            roleName: member.roleName, joined: DashboardTime.dateTime(member.record.createdAt))
    }

    static func row(_ invitation: OrganizationInvitationView) -> DashboardOrganizationPage.InvitationRow {
        DashboardOrganizationPage.InvitationRow(
            id: invitation.record.id, emailAddress: invitation.record.emailAddress, role: invitation.roleName,
            sent: DashboardTime.dateTime(invitation.record.createdAt), expires: DashboardTime.dateTime(invitation.record.expiresAt))
    }
}
