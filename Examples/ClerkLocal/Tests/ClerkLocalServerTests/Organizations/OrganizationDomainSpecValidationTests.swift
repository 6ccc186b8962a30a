import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Frontend API answers of domains, suggestions and membership requests against the spec: each
    /// operation once, and the refusals.
    @Test(
        "Organization domain and membership request answers validate",
        .enabled(if: spec != nil, "needs Clerk's Frontend API spec: CLERK_FAPI_SPEC names no spec file"))
    func organizationDomainAnswersValidate() async throws {
        let spec = try #require(Self.spec)
        let records = try await withServer(domainTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let admin = scene.adminAccount.sessionID
            let org = scene.organizationID
            let device = scene.admin
            let path = scene.domainsPath
            let name = uniqueDomain()
            let added = try await device.organizations("POST", path, session: admin, form: [("name", name)], operation: "CreateOrganizationDomain")
            let id = try #require(added.resource["id"] as? String)
            try await device.organizations("GET", path, session: admin, operation: "ListOrganizationDomains")
            try await device.organizations(
                "POST", "\(path)/\(id)/prepare_affiliation_verification", session: admin, form: [("affiliation_email_address", "it@\(name)")],
                operation: "prepareOrganizationDomainVerification")
            try await device.organizations(
                "POST", "\(path)/\(id)/attempt_affiliation_verification", session: admin, form: [("code", "000000")],
                operation: "attemptOrganizationDomainVerification")
            let code = try #require(server.latestCode(to: "it@\(name)"))
            try await device.organizations(
                "POST", "\(path)/\(id)/attempt_affiliation_verification", session: admin, form: [("code", code)],
                operation: "attemptOrganizationDomainVerification")
            try await device.organizations(
                "POST", "\(path)/\(id)/update_enrollment_mode", session: admin, form: [("enrollment_mode", "automatic_suggestion")],
                operation: "UpdateOrganizationDomainEnrollmentMode")
            try await device.organizations("GET", "\(path)/\(id)", session: admin, operation: "GetOrganizationDomain")

            var people: [FAPIClient] = []
            for person in ["ann", "ben"] {
                let personDevice = server.client()
                let account = try await signedUpAccount(server, personDevice, email: "\(person)@\(name)")
                let suggestions = try await personDevice.organizations(
                    "GET", "/v1/me/organization_suggestions", session: account.sessionID, operation: "getOrganizationSuggestions")
                let suggestionID = try #require(suggestions.resources.first?["id"] as? String)
                try await personDevice.organizations(
                    "POST", "/v1/me/organization_suggestions/\(suggestionID)/accept", session: account.sessionID,
                    operation: "acceptOrganizationSuggestion")
                try await personDevice.organizations(
                    "POST", "/v1/me/organization_suggestions/\(suggestionID)/accept", session: account.sessionID,
                    operation: "acceptOrganizationSuggestion")
                people.append(personDevice)
            }
            let requests = try await device.organizations(
                "GET", "/v1/organizations/\(org)/membership_requests", session: admin, query: "status=pending",
                operation: "listOrganizationMembershipRequests")
            let requestIDs = requests.resources.compactMap { $0["id"] as? String }
            try await device.organizations(
                "POST", "/v1/organizations/\(org)/membership_requests/\(requestIDs[0])/accept", session: admin,
                operation: "acceptOrganizationMembershipRequest")
            try await device.organizations(
                "POST", "/v1/organizations/\(org)/membership_requests/\(requestIDs[1])/reject", session: admin,
                operation: "rejectOrganizationMembershipRequest")
            try await device.organizations(
                "POST", "/v1/organizations/\(org)/membership_requests/\(requestIDs[1])/reject", session: admin,
                operation: "rejectOrganizationMembershipRequest")
            try await device.organizations("DELETE", "\(path)/\(id)", session: admin, operation: "deleteOrganizationDomain")
            try await device.organizations("GET", "\(path)/\(id)", session: admin, operation: "GetOrganizationDomain")
            return device.recorded + people.flatMap(\.recorded)
        }
        #expect(records.filter { $0.status != 200 }.map(\.status).sorted() == [400, 400, 404, 404, 422])
        try Self.validate(records, against: spec)
    }
}
