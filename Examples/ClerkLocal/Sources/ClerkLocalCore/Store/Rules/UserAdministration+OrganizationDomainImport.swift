import ClerkAPI
import Foundation

/// The domains and pending membership requests of an exported organization (version 3), checked
/// as the Frontend API would have let them come about.
extension UserAdministration {
    /// Ids of their kind and new; names valid and once per organization; a verified name verified in
    /// no other organization of the document or the server (Clerk verifies a domain for one
    /// organization only); enrollment modes the instance allows.
    func checkDomains(
        _ organization: ExportedOrganization, check: FieldCheck, ids: inout [String: String], verifiedNames: inout [String: String],
        into checked: inout OrganizationImport
    ) throws(UserImportError) {
        var names: [String: String] = [:]
        for (index, domain) in (organization.domains ?? []).enumerated() {
            let field = "domains[\(index)]"
            try check.id(domain.id, prefix: "orgdmn", field: field + ".id")
            try check.new(domain.id, field: field + ".id", among: &ids, taken: state.organizations.domains[domain.id] != nil)
            guard (try? OrganizationDomainRules.domainName(domain.name)) == domain.name else { throw check.failure(field + ".name", .invalidDomainName) }
            try check.new(domain.name, field: field + ".name", among: &names, taken: false)
            guard settings.organizations.enrollmentModes.contains(domain.enrollmentMode) else {
                throw check.failure(field + ".enrollment_mode", .unknownEnrollmentMode)
            }
            if let address = domain.affiliationEmailAddress, IdentifierFormat.kind(of: address) != .emailAddress {
                throw check.failure(field + ".affiliation_email_address", .invalidEmailAddress)
            }
            let verifiedAt = try check.timeIfSet(domain.verifiedAt, field: field + ".verified_at")
            if verifiedAt != nil {
                let taken = state.organizations.domains(named: domain.name).contains(where: \.isVerified)
                try check.new(domain.name, field: field + ".name", among: &verifiedNames, taken: taken)
            }
            checked.domains.append(
                OrganizationDomainRecord(
                    id: domain.id, organizationID: organization.id, name: domain.name, enrollmentMode: domain.enrollmentMode,
                    affiliationEmailAddress: domain.affiliationEmailAddress.map(IdentifierFormat.normalizedEmail), affiliation: nil,
                    verifiedAt: verifiedAt, createdAt: try check.time(domain.createdAt, field: field + ".created_at"),
                    updatedAt: try check.time(domain.updatedAt, field: field + ".updated_at")))
        }
    }

    /// Ids of their kind and new; the requester a user of the document or the server, once per organization.
    func checkMembershipRequests(
        _ organization: ExportedOrganization, check: FieldCheck, documentUserIDs: Set<String>, ids: inout [String: String],
        into checked: inout OrganizationImport
    ) throws(UserImportError) {
        var requesters: [String: String] = [:]
        for (index, request) in (organization.membershipRequests ?? []).enumerated() {
            let field = "membership_requests[\(index)]"
            try check.id(request.id, prefix: "orgreq", field: field + ".id")
            try check.new(request.id, field: field + ".id", among: &ids, taken: state.organizations.requests[request.id] != nil)
            guard documentUserIDs.contains(request.userID) || users[request.userID] != nil else {
                throw check.failure(field + ".user_id", .unknownUser)
            }
            try check.new(request.userID, field: field + ".user_id", among: &requesters, taken: false)
            checked.requests.append(
                OrganizationMembershipRequestRecord(
                    id: request.id, organizationID: organization.id, userID: request.userID, state: .pending,
                    createdAt: try check.time(request.createdAt, field: field + ".created_at"),
                    updatedAt: try check.time(request.updatedAt, field: field + ".updated_at")))
        }
    }
}
