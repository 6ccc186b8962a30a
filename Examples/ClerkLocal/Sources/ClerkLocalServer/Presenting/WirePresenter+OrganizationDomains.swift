import ClerkAPI
import ClerkLocalCore
import Foundation

/// Domains, suggestions and membership requests as the Frontend API shows them.
extension WirePresenter {
    package func domain(_ view: DomainView, now: Date) -> OrganizationDomain {
        let record = view.record
        let verification = record.affiliation.map { challenge in
            OrganizationDomainVerification(
                status: challenge.status(now: now).rawValue, strategy: "email_code", attempts: challenge.attempts,
                expireAt: ClerkTimestamp(challenge.expiresAt), verifiedAt: record.verifiedAt.map(ClerkTimestamp.init))
        }
        return OrganizationDomain(
            id: record.id, organizationID: record.organizationID, name: record.name,
            enrollmentMode: OrganizationDomainEnrollmentMode(rawValue: record.enrollmentMode),
            affiliationEmailAddress: record.affiliationEmailAddress, affiliationVerification: verification, ownershipVerification: nil,
            verification: verification, totalPendingInvitations: view.pendingInvitations, totalPendingSuggestions: view.pendingSuggestions,
            publicOrganizationData: publicOrganizationData(view.organization), createdAt: ClerkTimestamp(record.createdAt),
            updatedAt: ClerkTimestamp(record.updatedAt))
    }

    package func suggestion(_ view: SuggestionView) -> OrganizationSuggestion {
        OrganizationSuggestion(
            id: view.record.id, publicOrganizationData: publicOrganizationData(view.organization), status: view.record.state.rawValue,
            createdAt: ClerkTimestamp(view.record.createdAt), updatedAt: ClerkTimestamp(view.record.updatedAt))
    }

    package func membershipRequest(_ view: MembershipRequestView) -> OrganizationMembershipRequest {
        OrganizationMembershipRequest(
            id: view.record.id, organizationID: view.record.organizationID, status: view.record.state.rawValue,
            publicUserData: view.user.map(publicUserData), createdAt: ClerkTimestamp(view.record.createdAt),
            updatedAt: ClerkTimestamp(view.record.updatedAt))
    }

    func publicOrganizationData(_ organization: OrganizationRecord) -> PublicOrganizationData {
        PublicOrganizationData(
            id: organization.id, name: organization.name, slug: organization.slug,
            imageURL: Self.imageURL(of: organization, baseURL: issuer), hasImage: organization.logo != nil)
    }
}
