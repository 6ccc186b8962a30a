import ClerkAPI
import Foundation

/// A domain with its organization and what it has enrolled that is still pending.
package struct DomainView: Sendable {
    package var record: OrganizationDomainRecord
    package var organization: OrganizationRecord
    package var pendingInvitations: Int
    package var pendingSuggestions: Int
}

/// Enrolment by verified domain: a user with a verified address at a verified domain is invited to
/// its organization (`automatic_invitation`) or has it suggested (`automatic_suggestion`), with the
/// instance's default role. It happens when the domain is verified or changes mode, and when a user
/// gets a verified address at such a domain (signing up, verifying an address on the account).
extension InstanceRules {
    func domainView(_ record: OrganizationDomainRecord, organization: OrganizationRecord) -> DomainView {
        let now = self.now
        return DomainView(
            record: record, organization: organization,
            pendingInvitations: organizationBook.invitations.records(for: OrganizationKey.domain(record.id)).filter { $0.isPending(now: now) }.count,
            pendingSuggestions: organizationBook.suggestions.records(for: OrganizationKey.domain(record.id)).filter { $0.state == .pending }.count)
    }

    /// Every user with a verified address at the domain, when it is verified and enrols automatically.
    /// Finding them reads every address (verifying a domain is rare; no lookup by domain is kept).
    mutating func enrollVerifiedUsers(of domain: OrganizationDomainRecord) {
        guard domain.isVerified, domain.enrollmentMode != "manual_invitation" else { return }
        let suffix = "@" + domain.name
        let userIDs = Set(userIDsByEmail.filter { $0.key.hasSuffix(suffix) }.map(\.value))
        for userID in userIDs.sorted() {
            guard let user = users[userID] else { continue }
            for email in user.emails where email.verified && email.address.hasSuffix(suffix) {
                enroll(user, address: email.address, by: domain)
            }
        }
    }

    /// Enrols a user whose address `address` just became verified (nothing when domains are off).
    mutating func enrollNewlyVerifiedAddresses(of user: UserRecord, before: UserRecord?) {
        guard organizationSettings.enabled, organizationSettings.domainsEnabled else { return }
        let verifiedBefore = Set(before?.emails.filter(\.verified).map(\.address) ?? [])
        for email in user.emails where email.verified && !verifiedBefore.contains(email.address) {
            let name = OrganizationDomainRules.domainPart(of: email.address)
            for domain in organizationBook.domains(named: name) where domain.isVerified {
                enroll(user, address: email.address, by: domain)
            }
        }
    }

    /// One invitation or suggestion, unless the user is a member or already has one pending.
    private mutating func enroll(_ user: UserRecord, address: String, by domain: OrganizationDomainRecord) {
        let organizationID = domain.organizationID
        guard organizationBook.membership(organizationID: organizationID, userID: user.id) == nil else { return }
        let now = self.now
        switch domain.enrollmentMode {
        case "automatic_invitation":
            guard !organizationBook.invitations(to: address).contains(where: { $0.organizationID == organizationID && $0.isPending(now: now) })
            else { return }
            let record = OrganizationInvitationRecord(
                id: SecureRandom.identifier(prefix: "orginv"), organizationID: organizationID, emailAddress: address,
                role: organizationSettings.defaultRole, state: .pending, publicMetadata: .object([:]), privateMetadata: .object([:]),
                inviterUserID: nil, domainID: domain.id, ticketDigest: TokenDigest.of(SecureRandom.token()),
                expiresAt: now.addingTimeInterval(TimeInterval(organizationSettings.invitationLifetimeDays) * 24 * 3600),
                createdAt: now, updatedAt: now)
            organizationBook.invitations[record.id] = record
        case "automatic_suggestion":
            guard !organizationBook.suggestions(ofUser: user.id).contains(where: { $0.organizationID == organizationID && $0.state == .pending })
            else { return }
            let record = OrganizationSuggestionRecord(
                id: SecureRandom.identifier(prefix: "orgsug"), organizationID: organizationID, domainID: domain.id, userID: user.id,
                state: .pending, createdAt: now, updatedAt: now)
            organizationBook.suggestions[record.id] = record
        default: return
        }
    }

    /// What the domain enrolled that is still pending: suggestions go, invitations are revoked.
    mutating func withdrawPendingEnrollments(of domain: OrganizationDomainRecord) {
        let now = self.now
        for invitation in organizationBook.invitations.records(for: OrganizationKey.domain(domain.id)) where invitation.isPending(now: now) {
            var revoked = invitation
            revoked.state = .revoked
            revoked.updatedAt = now
            organizationBook.invitations[revoked.id] = revoked
        }
        for suggestion in organizationBook.suggestions.records(for: OrganizationKey.domain(domain.id)) where suggestion.state == .pending {
            organizationBook.suggestions[suggestion.id] = nil
        }
    }

    /// An organization's domains, suggestions and membership requests, as it is deleted.
    mutating func removeDomainsAndRequests(of organizationID: String) {
        let key = OrganizationKey.organization(organizationID)
        for domain in organizationBook.domains.records(for: key) { organizationBook.domains[domain.id] = nil }
        for suggestion in organizationBook.suggestions.records(for: key) { organizationBook.suggestions[suggestion.id] = nil }
        for request in organizationBook.requests.records(for: key) { organizationBook.requests[request.id] = nil }
    }
}
