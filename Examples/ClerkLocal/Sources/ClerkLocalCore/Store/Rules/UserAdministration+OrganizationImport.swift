import ClerkAPI
import Foundation

/// The organizations of a user export as records, checked against the document's users and this
/// server's before anything is created, so that a refused document changes nothing.
struct OrganizationImport {
    var organizations: [OrganizationRecord] = []
    var memberships: [MembershipRecord] = []
    var invitations: [OrganizationInvitationRecord] = []
    var domains: [OrganizationDomainRecord] = []
    var requests: [OrganizationMembershipRequestRecord] = []
}

extension UserAdministration {
    /// Every organization of the document read and checked: ids of their kind and new to the document
    /// and the server, slugs valid and free, members among the document's or the server's users (once
    /// per organization), roles the instance has, and the invitations' addresses and ticket digests.
    func checkedOrganizations(_ exported: [ExportedOrganization], documentUserIDs: Set<String>) throws(UserImportError) -> OrganizationImport {
        var checked = OrganizationImport()
        var firstIDs: [String: String] = [:]
        var firstSlugs: [String: String] = [:]
        var firstVerifiedDomains: [String: String] = [:]
        let book = state.organizations
        for (index, organization) in exported.enumerated() {
            let check = FieldCheck(path: "organizations[\(index)]", userID: nil)
            try check.id(organization.id, prefix: "org", field: "id")
            try check.new(organization.id, field: "id", among: &firstIDs, taken: book.organizations[organization.id] != nil)
            guard OrganizationRules.isValidSlug(organization.slug) else { throw check.failure("slug", .invalidSlug) }
            try check.new(organization.slug, field: "slug", among: &firstSlugs, taken: book.organization(slug: organization.slug) != nil)
            let name = organization.name.trimmingWhitespace()
            guard !name.isEmpty, name.count <= 256, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw check.failure("name", .invalidOrganizationName)
            }
            if let limit = organization.maxAllowedMemberships, limit < 0 { throw check.failure("max_allowed_memberships", .negativeLimit) }
            try check.metadata(organization.publicMetadata, field: "public_metadata")
            try check.metadata(organization.privateMetadata, field: "private_metadata")
            checked.organizations.append(
                OrganizationRecord(
                    id: organization.id, name: name, slug: organization.slug, publicMetadata: organization.publicMetadata,
                    privateMetadata: organization.privateMetadata, maxAllowedMemberships: organization.maxAllowedMemberships,
                    adminDeleteEnabled: organization.adminDeleteEnabled, createdBy: organization.createdBy,
                    createdAt: try check.time(organization.createdAt, field: "created_at"),
                    updatedAt: try check.time(organization.updatedAt, field: "updated_at")))
            try checkMembers(organization, check: check, documentUserIDs: documentUserIDs, ids: &firstIDs, into: &checked)
            try checkInvitations(organization, check: check, ids: &firstIDs, into: &checked)
            try checkDomains(organization, check: check, ids: &firstIDs, verifiedNames: &firstVerifiedDomains, into: &checked)
            try checkMembershipRequests(organization, check: check, documentUserIDs: documentUserIDs, ids: &firstIDs, into: &checked)
        }
        return checked
    }

    private func checkMembers(
        _ organization: ExportedOrganization, check: FieldCheck, documentUserIDs: Set<String>, ids: inout [String: String],
        into checked: inout OrganizationImport
    ) throws(UserImportError) {
        var firstMembers: [String: String] = [:]
        for (index, membership) in organization.memberships.enumerated() {
            let field = "memberships[\(index)]"
            try check.id(membership.id, prefix: "orgmem", field: field + ".id")
            try check.new(membership.id, field: field + ".id", among: &ids, taken: state.organizations.memberships[membership.id] != nil)
            guard documentUserIDs.contains(membership.userID) || users[membership.userID] != nil else {
                throw check.failure(field + ".user_id", .unknownUser)
            }
            try check.new(membership.userID, field: field + ".user_id", among: &firstMembers, taken: false)
            guard settings.organizations.role(membership.role) != nil else { throw check.failure(field + ".role", .unknownRole) }
            try check.metadata(membership.publicMetadata, field: field + ".public_metadata")
            try check.metadata(membership.privateMetadata, field: field + ".private_metadata")
            checked.memberships.append(
                MembershipRecord(
                    id: membership.id, organizationID: organization.id, userID: membership.userID, role: membership.role,
                    publicMetadata: membership.publicMetadata, privateMetadata: membership.privateMetadata,
                    createdAt: try check.time(membership.createdAt, field: field + ".created_at"),
                    updatedAt: try check.time(membership.updatedAt, field: field + ".updated_at")))
        }
    }

    private func checkInvitations(
        _ organization: ExportedOrganization, check: FieldCheck, ids: inout [String: String], into checked: inout OrganizationImport
    ) throws(UserImportError) {
        for (index, invitation) in organization.invitations.enumerated() {
            let field = "invitations[\(index)]"
            try check.id(invitation.id, prefix: "orginv", field: field + ".id")
            try check.new(invitation.id, field: field + ".id", among: &ids, taken: state.organizations.invitations[invitation.id] != nil)
            let address = invitation.emailAddress.trimmingWhitespace()
            guard IdentifierFormat.kind(of: address) == .emailAddress else { throw check.failure(field + ".email_address", .invalidEmailAddress) }
            guard settings.organizations.role(invitation.role) != nil else { throw check.failure(field + ".role", .unknownRole) }
            guard let digest = Data(base64Encoded: invitation.ticketDigest), digest.count == 32 else {
                throw check.failure(field + ".ticket_digest", .invalidTicketDigest)
            }
            try check.metadata(invitation.publicMetadata, field: field + ".public_metadata")
            try check.metadata(invitation.privateMetadata, field: field + ".private_metadata")
            checked.invitations.append(
                OrganizationInvitationRecord(
                    id: invitation.id, organizationID: organization.id, emailAddress: IdentifierFormat.normalizedEmail(address),
                    role: invitation.role, state: .pending, publicMetadata: invitation.publicMetadata,
                    privateMetadata: invitation.privateMetadata, inviterUserID: invitation.inviterUserID, ticketDigest: [UInt8](digest),
                    expiresAt: try check.time(invitation.expiresAt, field: field + ".expires_at"),
                    createdAt: try check.time(invitation.createdAt, field: field + ".created_at"),
                    updatedAt: try check.time(invitation.updatedAt, field: field + ".updated_at")))
        }
    }

    /// Adds checked organizations (nothing can fail any more).
    mutating func add(_ checked: OrganizationImport) {
        for organization in checked.organizations { state.organizations.organizations[organization.id] = organization }
        for membership in checked.memberships { state.organizations.memberships[membership.id] = membership }
        for invitation in checked.invitations { state.organizations.invitations[invitation.id] = invitation }
        for domain in checked.domains { state.organizations.domains[domain.id] = domain }
        for request in checked.requests { state.organizations.requests[request.id] = request }
    }
}

extension FieldCheck {
    /// Refuses `value` when an earlier field of the document had it, or the server has it already.
    func new(_ value: String, field: String, among first: inout [String: String], taken: Bool) throws(UserImportError) {
        if let earlier = first[value] { throw failure(field, .duplicate(of: earlier)) }
        if taken { throw failure(field, .organizationDataExists) }
        first[value] = path + "." + field
    }

    func metadata(_ value: JSONValue, field: String) throws(UserImportError) {
        guard case .object = value, (try? MetadataLimits.check(value, parameter: field)) != nil else { throw failure(field, .invalidMetadata) }
    }
}
