import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Each refusal of domains, suggestions and membership requests answers Clerk's error and changes
/// nothing: the domains, suggestions, requests, memberships, invitations and outbox are as they were.
@Suite("Organization domains and membership requests: every refusal changes nothing")
struct OrganizationDomainRefusalTests {
    struct Observed: Equatable {
        var domains: [Data]
        var suggestions: [OrganizationSuggestionRecord]
        var requests: [OrganizationMembershipRequestRecord]
        var memberships: [MembershipRecord]
        var invitations: [OrganizationInvitationRecord]
        var messages: Int
    }

    static func observe(_ server: TestServer) async throws -> Observed {
        let book = await server.core.store.state.organizations
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Observed(
            domains: try book.domains.values.sorted { $0.id < $1.id }.map { try encoder.encode($0) },
            suggestions: book.suggestions.values.sorted { $0.id < $1.id },
            requests: book.requests.values.sorted { $0.id < $1.id },
            memberships: book.memberships.values.sorted { $0.id < $1.id },
            invitations: book.invitations.values.sorted { $0.id < $1.id },
            messages: server.outbox().count)
    }

    static func refused(
        _ server: TestServer, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ request: () async throws -> FAPIClient.Answer
    ) async throws {
        let before = try await observe(server)
        let answer = try await request()
        expectError(answer, status: status, code: code, sourceLocation: sourceLocation)
        #expect(try await observe(server) == before, sourceLocation: sourceLocation)
    }

    @Test("bad names, common providers, taken domains, modes the instance does not allow, missing permissions, wrong addresses")
    func domainRefusals() async throws {
        var settings = domainTestSettings
        settings.organizations.enrollmentModes = ["manual_invitation", "automatic_suggestion"]
        try await withServer(settings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server)
            let admin = scene.adminAccount.sessionID
            let path = scene.domainsPath
            func add(_ form: [(String, String)]) async throws -> FAPIClient.Answer {
                try await scene.admin.organizations("POST", path, session: admin, form: form)
            }
            try await Self.refused(server, status: 422, code: "form_param_missing") { try await add([]) }
            for bad in ["no-dot", "under_score.com", "-lead.com", "a..com", "acme.123", "spa ce.com"] {
                try await Self.refused(server, status: 422, code: "form_param_format_invalid") { try await add([("name", bad)]) }
            }
            try await Self.refused(server, status: 422, code: "organization_domain_common") { try await add([("name", "Gmail.com")]) }
            try await Self.refused(server, status: 403, code: "organization_domain_enrollment_mode_not_enabled") {
                try await add([("name", uniqueDomain()), ("enrollment_mode", "automatic_invitation")])
            }
            try await Self.refused(server, status: 422, code: "form_param_value_invalid") {
                try await add([("name", uniqueDomain()), ("enrollment_mode", "enterprise_sso")])
            }
            let name = uniqueDomain()
            let id = try await scene.addDomain(name)
            try await Self.refused(server, status: 422, code: "organization_domain_already_exists_same_organization") {
                try await add([("name", name)])
            }
            // A member of the test settings has no domain permission.
            let member = scene.otherAccount.sessionID
            try await Self.refused(server, status: 403, code: "missing_organization_permission") {
                try await scene.other.organizations("GET", path, session: member)
            }
            try await Self.refused(server, status: 403, code: "missing_organization_permission") {
                try await scene.other.organizations("POST", path, session: member, form: [("name", uniqueDomain())])
            }
            try await Self.refused(server, status: 404, code: "resource_not_found") {
                try await scene.admin.organizations("GET", "\(path)/orgdmn_missing", session: admin)
            }
            // Members read membership requests; acting on them needs org:sys_memberships:manage.
            let requests = "/v1/organizations/\(scene.organizationID)/membership_requests"
            #expect(try await scene.other.organizations("GET", requests, session: member).status == 200)
            try await Self.refused(server, status: 403, code: "missing_organization_permission") {
                try await scene.other.organizations("POST", "\(requests)/orgreq_any/accept", session: member)
            }
            try await Self.refused(server, status: 403, code: "missing_organization_permission") {
                try await scene.other.organizations("POST", "\(requests)/orgreq_any/reject", session: member)
            }
            try await Self.refused(server, status: 422, code: "organization_domain_mismatch") {
                try await scene.admin.organizations(
                    "POST", "\(path)/\(id)/prepare_affiliation_verification", session: admin,
                    form: [("affiliation_email_address", "it@other-\(name)")])
            }
            try await Self.refused(server, status: 400, code: "verification_not_sent") {
                try await scene.admin.organizations(
                    "POST", "\(path)/\(id)/attempt_affiliation_verification", session: admin, form: [("code", "123456")])
            }
            try await Self.refused(server, status: 403, code: "organization_domain_enrollment_mode_not_enabled") {
                try await scene.admin.organizations(
                    "POST", "\(path)/\(id)/update_enrollment_mode", session: admin, form: [("enrollment_mode", "automatic_invitation")])
            }
            try await Self.refused(server, status: 422, code: "form_param_format_invalid") {
                try await scene.admin.organizations(
                    "POST", "\(path)/\(id)/update_enrollment_mode", session: admin,
                    form: [("enrollment_mode", "automatic_suggestion"), ("delete_pending", "maybe")])
            }
            try await scene.verifyDomain(server, id, name: name)
            try await Self.refused(server, status: 400, code: "verification_already_verified") {
                try await scene.admin.organizations(
                    "POST", "\(path)/\(id)/prepare_affiliation_verification", session: admin, form: [("affiliation_email_address", "it@\(name)")])
            }
            // Verified by this organization: another may not claim it.
            let rival = try await scene.other.organizations("POST", "/v1/organizations", session: member, form: [("name", "Rival")])
            let rivalID = try #require(rival.resource["id"] as? String)
            try await Self.refused(server, status: 422, code: "organization_domain_already_exists") {
                try await scene.other.organizations("POST", "/v1/organizations/\(rivalID)/domains", session: member, form: [("name", name)])
            }
        }
    }

    @Test("a wrong code is counted; past the attempts limit the verification has failed")
    func attemptsLimit() async throws {
        var settings = domainTestSettings
        settings.codes.maxAttempts = 2
        try await withServer(settings) { server in
            let scene = try await OrganizationScene.make(server)
            let admin = scene.adminAccount.sessionID
            let name = uniqueDomain()
            let id = try await scene.addDomain(name)
            try await scene.admin.organizations(
                "POST", "\(scene.domainsPath)/\(id)/prepare_affiliation_verification", session: admin,
                form: [("affiliation_email_address", "it@\(name)")])
            let code = try #require(server.latestCode(to: "it@\(name)"))
            let wrongCode = code == "000000" ? "111111" : "000000"
            let attempt = { (code: String) in
                try await scene.admin.organizations(
                    "POST", "\(scene.domainsPath)/\(id)/attempt_affiliation_verification", session: admin, form: [("code", code)])
            }
            expectError(try await attempt(wrongCode), status: 422, code: "form_code_incorrect")
            expectError(try await attempt(wrongCode), status: 400, code: "verification_failed")
            expectError(try await attempt(code), status: 400, code: "verification_failed")
            let domain = try await scene.admin.organizations("GET", "\(scene.domainsPath)/\(id)", session: admin)
            let verification = try #require(domain.resource["affiliation_verification"] as? [String: Any])
            #expect(verification["status"] as? String == "failed")
            #expect(verification["attempts"] as? Int == 2)
        }
    }

    @Test("domains off, suggestions of others, accepted twice, requests not pending, no permission, the membership limit")
    func requestRefusals() async throws {
        var settings = domainTestSettings
        settings.organizations.maxAllowedMemberships = 2
        try await withServer(settings) { server in
            let scene = try await OrganizationScene.make(server)
            let admin = scene.adminAccount.sessionID
            let org = scene.organizationID
            let name = uniqueDomain()
            let id = try await scene.addDomain(name, mode: "automatic_suggestion")
            try await scene.verifyDomain(server, id, name: name)
            var suggestionIDs: [String] = []
            var devices: [(FAPIClient, String)] = []
            for person in ["ann", "ben", "cat"] {
                let device = server.client()
                let account = try await signedUpAccount(server, device, email: "\(person)@\(name)")
                let suggestions = try await device.organizations("GET", "/v1/me/organization_suggestions", session: account.sessionID)
                let suggestionID = try #require(suggestions.resources.first?["id"] as? String)
                try await device.organizations("POST", "/v1/me/organization_suggestions/\(suggestionID)/accept", session: account.sessionID)
                suggestionIDs.append(suggestionID)
                devices.append((device, account.sessionID))
            }
            let requests = try await scene.admin.organizations("GET", "/v1/organizations/\(org)/membership_requests", session: admin)
            let requestIDs = requests.resources.compactMap { $0["id"] as? String }
            #expect(requestIDs.count == 3)
            let (annDevice, ann) = devices[0]
            try await Self.refused(server, status: 400, code: "organization_suggestion_already_accepted") {
                try await annDevice.organizations("POST", "/v1/me/organization_suggestions/\(suggestionIDs[0])/accept", session: ann)
            }
            try await Self.refused(server, status: 404, code: "resource_not_found") {
                try await annDevice.organizations("POST", "/v1/me/organization_suggestions/\(suggestionIDs[1])/accept", session: ann)
            }
            try await Self.refused(server, status: 403, code: "not_a_member_in_organization") {
                try await annDevice.organizations("GET", "/v1/organizations/\(org)/membership_requests", session: ann)
            }
            let accept = { (requestID: String) in
                try await scene.admin.organizations("POST", "/v1/organizations/\(org)/membership_requests/\(requestID)/accept", session: admin)
            }
            #expect(try await accept(requestIDs[0]).status == 200)
            // Two members allowed: the admin and the first accepted fill it.
            try await Self.refused(server, status: 403, code: "organization_membership_quota_exceeded") { try await accept(requestIDs[1]) }
            try await Self.refused(server, status: 404, code: "resource_not_found") { try await accept(requestIDs[0]) }
            let reject = { (requestID: String) in
                try await scene.admin.organizations("POST", "/v1/organizations/\(org)/membership_requests/\(requestID)/reject", session: admin)
            }
            #expect(try await reject(requestIDs[1]).status == 200)
            try await Self.refused(server, status: 404, code: "resource_not_found") { try await reject(requestIDs[1]) }
            let joined = await server.core.store.state.organizations.members(of: org).last?.role
            #expect(joined == "org:member", "an accepted request joins with the default role")
        }
        settings.organizations.domainsEnabled = false
        try await withServer(settings) { server in
            let scene = try await OrganizationScene.make(server)
            try await Self.refused(server, status: 403, code: "organization_domains_not_enabled") {
                try await scene.admin.organizations("POST", scene.domainsPath, session: scene.adminAccount.sessionID, form: [("name", uniqueDomain())])
            }
            try await Self.refused(server, status: 403, code: "organization_domains_not_enabled") {
                try await scene.admin.organizations("GET", "/v1/me/organization_suggestions", session: scene.adminAccount.sessionID)
            }
        }
    }
}
