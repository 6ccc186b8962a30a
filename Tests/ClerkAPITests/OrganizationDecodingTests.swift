import ClerkAPI
import Foundation
import Testing

/// Organization answers shaped as Clerk's spec describes them (every field of each resource,
/// nested organizations, public user and organization data, verifications, pages).
@Suite("Organizations: decoding without loss")
struct OrganizationDecodingTests {
    typealias Envelope<T: Codable & Sendable & Hashable> = ClientEnvelope<T, ClientResource>

    /// Decodes `name`'s payload as `type`, encodes it again and compares the two JSON documents.
    func lossless<T: Codable & Sendable & Hashable>(_ name: String, as type: T.Type) throws -> T {
        let text = try Self.payload(name)
        let value = try JSONDecoder().decode(type, from: Data(text.utf8))
        let original = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        let again = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? NSDictionary
        #expect(original != nil && again == original, "\(name) lost or changed a field when encoded again")
        return value
    }

    static func payload(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Payloads"))
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test("an organization, with metadata and logo")
    func organization() throws {
        let organization = try lossless("organization_envelope", as: Envelope<Organization>.self).response
        #expect(organization.slug == "acme")
        #expect(organization.publicMetadata == .object(["plan": .string("team")]))
        #expect(organization.logoURL == "https://img.clerk.com/logo/org_2abc")
        #expect(organization.maxAllowedMemberships == 5)
    }

    @Test("a page of memberships: role, permissions, organization and the member's public data")
    func memberships() throws {
        let page = try lossless("organization_membership_page_envelope", as: Envelope<OrganizationMembershipPage>.self).response
        let membership = try #require(page.data?.first)
        #expect(page.totalCount == 1)
        #expect(membership.role == "org:admin")
        #expect(membership.permissions?.contains("org:invoices:read") == true)
        #expect(membership.organization.id == "org_2abc")
        #expect(membership.publicUserData?.userID == "user_1")
    }

    @Test("invitations: a page, and the bare array of pending and bulk answers")
    func invitations() throws {
        let page = try lossless("organization_invitation_page_envelope", as: Envelope<OrganizationInvitationPage>.self).response
        #expect(page.totalCount == 4)
        let invitation = try #require(page.data?.first)
        #expect(invitation.status == .pending)
        #expect(invitation.url == nil)
        #expect(invitation.publicOrganizationData?.name == "Acme Inc")
        let list = try lossless("organization_invitations_envelope", as: Envelope<[OrganizationInvitation]>.self).response
        #expect(list == [invitation])
    }

    @Test("a domain with its affiliation verification")
    func domain() throws {
        let domain = try lossless("organization_domain_envelope", as: Envelope<OrganizationDomain>.self).response
        #expect(domain.enrollmentMode == .automaticSuggestion)
        #expect(domain.affiliationVerification?.status == "verified")
        #expect(domain.ownershipVerification == nil)
        #expect(domain.totalPendingSuggestions == 2)
    }

    @Test("roles with their permissions, membership requests, suggestions, creation defaults")
    func rolesRequestsSuggestionsDefaults() throws {
        let roles = try lossless("organization_role_page_envelope", as: Envelope<OrganizationRolePage>.self).response
        #expect(roles.data?.first?.permissions.map(\.key) == ["org:invoices:read"])
        let requests = try lossless("organization_membership_request_page_envelope", as: Envelope<OrganizationMembershipRequestPage>.self).response
        #expect(requests.data?.first?.publicUserData?.identifier == "jane+clerk_test@example.com")
        let suggestions = try lossless("organization_suggestion_page_envelope", as: Envelope<OrganizationSuggestionPage>.self).response
        #expect(suggestions.data?.first?.publicOrganizationData?.slug == "acme")
        let defaults = try lossless("organization_creation_defaults_envelope", as: Envelope<OrganizationCreationDefaults>.self).response
        #expect(defaults.form?.name == "Acme")
        #expect(defaults.advisory?.type == "warning")
    }

    @Test("a user's organization memberships decode as memberships (the recorded users carry an empty list)")
    func userMemberships() throws {
        let user = try JSONDecoder().decode(User.self, from: Data(Payloads.user.utf8))
        #expect(user.organizationMemberships != nil)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(Payloads.user.utf8)) as? [String: Any])
        let membership = try #require(
            (try JSONSerialization.jsonObject(with: Data(try Self.payload("organization_membership_page_envelope").utf8)) as? NSDictionary)
                .flatMap { ($0["response"] as? NSDictionary)?["data"] as? [Any] })
        json["organization_memberships"] = membership
        let member = try JSONDecoder().decode(User.self, from: try JSONSerialization.data(withJSONObject: json))
        #expect(member.organizationMemberships?.first?.organization.slug == "acme")
    }
}
