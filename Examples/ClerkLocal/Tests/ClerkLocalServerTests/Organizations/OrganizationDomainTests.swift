import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Organizations: verified domains, suggestions and membership requests")
struct OrganizationDomainTests {
    @Test("a domain is added, verified with the code emailed to an address there, listed, read, and removed")
    func domainLifecycle() async throws {
        try await withServer(domainTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let admin = scene.adminAccount.sessionID
            let name = uniqueDomain()
            let id = try await scene.addDomain(name.uppercased())
            let read = try await scene.admin.organizations("GET", "\(scene.domainsPath)/\(id)", session: admin)
            #expect(read.resource["name"] as? String == name)
            #expect(read.resource["enrollment_mode"] as? String == "manual_invitation")
            #expect(read.resource["affiliation_verification"] is NSNull)

            let prepared = try await scene.admin.organizations(
                "POST", "\(scene.domainsPath)/\(id)/prepare_affiliation_verification", session: admin,
                form: [("affiliation_email_address", "It@\(name)")])
            #expect(prepared.resource["affiliation_email_address"] as? String == "it@\(name)")
            let pending = try #require(prepared.resource["affiliation_verification"] as? [String: Any])
            #expect(pending["status"] as? String == "unverified")
            #expect(pending["strategy"] as? String == "email_code")
            #expect(server.outbox(to: "it@\(name)").last?.purpose == "organization_domain_affiliation")

            // A wrong code is counted (as Clerk counts attempts) and refused.
            let code = try #require(server.latestCode(to: "it@\(name)"))
            let wrong = try await scene.admin.organizations(
                "POST", "\(scene.domainsPath)/\(id)/attempt_affiliation_verification", session: admin,
                form: [("code", code == "000000" ? "111111" : "000000")])
            expectError(wrong, status: 422, code: "form_code_incorrect")
            let verified = try await scene.admin.organizations(
                "POST", "\(scene.domainsPath)/\(id)/attempt_affiliation_verification", session: admin, form: [("code", code)])
            let verification = try #require(verified.resource["affiliation_verification"] as? [String: Any])
            #expect(verification["status"] as? String == "verified")
            #expect(verification["attempts"] as? Int == 2)
            #expect(verification["verified_at"] is Int)

            let second = try await scene.addDomain(uniqueDomain("beta"))
            let all = try await scene.admin.organizations("GET", scene.domainsPath, session: admin, query: "limit=1&offset=1")
            #expect(all.resource["total_count"] as? Int == 2)
            #expect(all.resources.map { $0["id"] as? String } == [second])
            let onlyVerified = try await scene.admin.organizations("GET", scene.domainsPath, session: admin, query: "verified=true")
            #expect(onlyVerified.resources.map { $0["id"] as? String } == [id])

            let removed = try await scene.admin.organizations("DELETE", "\(scene.domainsPath)/\(second)", session: admin)
            #expect(removed.resource["object"] as? String == "organization_domain")
            #expect(removed.resource["deleted"] as? Bool == true)
            let gone = try await scene.admin.organizations("GET", "\(scene.domainsPath)/\(second)", session: admin)
            expectError(gone, status: 404, code: "resource_not_found")
        }
    }

    @Test("automatic_suggestion: a user signing up at the domain sees the suggestion; accepting it is a request the admin accepts")
    func suggestionsAndRequests() async throws {
        try await withServer(domainTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let admin = scene.adminAccount.sessionID
            let org = scene.organizationID
            let name = uniqueDomain()
            let id = try await scene.addDomain(name)
            try await scene.verifyDomain(server, id, name: name)
            let changed = try await scene.admin.organizations(
                "POST", "\(scene.domainsPath)/\(id)/update_enrollment_mode", session: admin, form: [("enrollment_mode", "automatic_suggestion")])
            #expect(changed.resource["enrollment_mode"] as? String == "automatic_suggestion")

            let bobDevice = server.client()
            let bob = try await signedUpAccount(server, bobDevice, email: "bob@\(name)")
            let carolDevice = server.client()
            let carol = try await signedUpAccount(server, carolDevice, email: "carol@\(name)")
            // Someone at another domain gets nothing.
            let outsiderDevice = server.client()
            let outsider = try await signedUpAccount(server, outsiderDevice, email: Fixture.email("outsider"))
            let none = try await outsiderDevice.organizations("GET", "/v1/me/organization_suggestions", session: outsider.sessionID)
            #expect(none.resource["total_count"] as? Int == 0)

            let domain = try await scene.admin.organizations("GET", "\(scene.domainsPath)/\(id)", session: admin)
            #expect(domain.resource["total_pending_suggestions"] as? Int == 2)
            let suggestions = try await bobDevice.organizations(
                "GET", "/v1/me/organization_suggestions", session: bob.sessionID, query: "status=pending")
            #expect(suggestions.resource["total_count"] as? Int == 1)
            let suggestion = try #require(suggestions.resources.first)
            #expect((suggestion["public_organization_data"] as? [String: Any])?["id"] as? String == org)
            let suggestionID = try #require(suggestion["id"] as? String)
            let accepted = try await bobDevice.organizations(
                "POST", "/v1/me/organization_suggestions/\(suggestionID)/accept", session: bob.sessionID)
            #expect(accepted.resource["status"] as? String == "accepted")
            let carols = try await carolDevice.organizations("GET", "/v1/me/organization_suggestions", session: carol.sessionID)
            let carolsID = try #require(carols.resources.first?["id"] as? String)
            try await carolDevice.organizations("POST", "/v1/me/organization_suggestions/\(carolsID)/accept", session: carol.sessionID)

            let requests = try await scene.admin.organizations(
                "GET", "/v1/organizations/\(org)/membership_requests", session: admin, query: "status=pending")
            #expect(requests.resource["total_count"] as? Int == 2)
            let byUser = Dictionary(
                uniqueKeysWithValues: requests.resources.compactMap { request -> (String, String)? in
                    guard let id = request["id"] as? String, let user = request["public_user_data"] as? [String: Any],
                        let identifier = user["identifier"] as? String
                    else { return nil }
                    return (identifier, id)
                })
            let bobsRequest = try #require(byUser["bob@\(name)"])
            let carolsRequest = try #require(byUser["carol@\(name)"])
            let joined = try await scene.admin.organizations(
                "POST", "/v1/organizations/\(org)/membership_requests/\(bobsRequest)/accept", session: admin)
            #expect(joined.resource["status"] as? String == "accepted")
            let rejected = try await scene.admin.organizations(
                "POST", "/v1/organizations/\(org)/membership_requests/\(carolsRequest)/reject", session: admin)
            #expect(rejected.resource["status"] as? String == "rejected")

            let members = try await scene.admin.organizations(
                "GET", "/v1/organizations/\(org)/memberships", session: admin, query: "paginated=true")
            #expect(members.resource["total_count"] as? Int == 2)
            let bobs = try await bobDevice.organizations("GET", "/v1/me/organization_memberships", session: bob.sessionID)
            #expect(bobs.resources.map { $0["role"] as? String } == ["org:member"])
            let carolsMemberships = try await carolDevice.organizations("GET", "/v1/me/organization_memberships", session: carol.sessionID)
            #expect(carolsMemberships.resources.isEmpty)
            let accepted2 = try await scene.admin.organizations(
                "GET", "/v1/organizations/\(org)/membership_requests", session: admin, query: "status=accepted&status=rejected")
            #expect(accepted2.resource["total_count"] as? Int == 2)

            // Deleting the organization ends its domains, suggestions and requests.
            try await scene.admin.organizations("DELETE", "/v1/organizations/\(org)", session: admin)
            let state = await server.core.store.state.organizations
            #expect(state.domains.isEmpty && state.suggestions.isEmpty && state.requests.isEmpty)
        }
    }

    @Test("automatic_invitation: users already verified at the domain are invited when it is verified, new ones as they verify an address")
    func automaticInvitations() async throws {
        try await withServer(domainTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let admin = scene.adminAccount.sessionID
            let name = uniqueDomain()
            let earlyDevice = server.client()
            let early = try await signedUpAccount(server, earlyDevice, email: "early@\(name)")
            let id = try await scene.addDomain(name, mode: "automatic_invitation")
            let before = try await earlyDevice.organizations("GET", "/v1/me/organization_invitations", session: early.sessionID)
            #expect(before.resources.isEmpty, "an unverified domain invites no one")
            let messagesBefore = server.outbox(to: "early@\(name)").count
            let verified = try await scene.verifyDomain(server, id, name: name)
            #expect(verified.resource["total_pending_invitations"] as? Int == 1)
            #expect(server.outbox(to: "early@\(name)").count == messagesBefore, "a domain's invitation is not emailed")
            let invitations = try await earlyDevice.organizations(
                "GET", "/v1/me/organization_invitations", session: early.sessionID, query: "status=pending")
            #expect(invitations.resources.map { $0["role"] as? String } == ["org:member"])

            // The other user adds and verifies an address at the domain: invited too.
            let account = scene.other
            let session = scene.otherAccount.sessionID
            let added = try await account.me("POST", "/email_addresses", session: session, form: [("email_address", "late@\(name)")])
            let addressID = try #require(added.resource["id"] as? String)
            try await account.me("POST", "/email_addresses/\(addressID)/prepare_verification", session: session, form: [("strategy", "email_code")])
            let code = try #require(server.latestCode(to: "late@\(name)"))
            let attempted = try await account.me("POST", "/email_addresses/\(addressID)/attempt_verification", session: session, form: [("code", code)])
            #expect(attempted.status == 200, "\(attempted.text)")
            let lates = try await account.organizations("GET", "/v1/me/organization_invitations", session: scene.otherAccount.sessionID)
            #expect(lates.resources.map { $0["email_address"] as? String } == ["late@\(name)"])
            let lateID = try #require(lates.resources.first?["id"] as? String)
            try await account.organizations("POST", "/v1/me/organization_invitations/\(lateID)/accept", session: scene.otherAccount.sessionID)

            // Back to manual, withdrawing what is still pending: the early user's invitation is revoked.
            let manual = try await scene.admin.organizations(
                "POST", "\(scene.domainsPath)/\(id)/update_enrollment_mode", session: admin,
                form: [("enrollment_mode", "manual_invitation"), ("delete_pending", "true")])
            #expect(manual.resource["total_pending_invitations"] as? Int == 0)
            let after = try await earlyDevice.organizations(
                "GET", "/v1/me/organization_invitations", session: early.sessionID, query: "status=revoked")
            #expect(after.resources.count == 1)
        }
    }

    @Test("the environment shows the domains setting and its enrollment modes")
    func environment() async throws {
        var settings = domainTestSettings
        settings.organizations.enrollmentModes = ["manual_invitation", "automatic_suggestion"]
        try await withServer(settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").json
            let domains = (environment["organization_settings"] as? [String: Any])?["domains"] as? [String: Any]
            #expect(domains?["enabled"] as? Bool == true)
            #expect(domains?["enrollment_modes"] as? [String] == ["manual_invitation", "automatic_suggestion"])
            #expect(domains?["default_role"] as? String == "org:member")
        }
    }
}
