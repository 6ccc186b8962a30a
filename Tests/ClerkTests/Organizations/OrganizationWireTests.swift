import ClerkOrganizations
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Checks a request's method, path, whole query (after `_is_native` and `_clerk_session_id`) and
/// whole form body, besides the native-client conventions.
func expectOrganizationRequest(
    _ request: TransportRequest?, _ method: RequestMethod, _ path: String, query: [(String, String)] = [],
    form: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let request else {
        Issue.record("no request was sent", sourceLocation: sourceLocation)
        return
    }
    #expect(request.method == method, sourceLocation: sourceLocation)
    #expect(request.path == path, sourceLocation: sourceLocation)
    #expect(request.url.absoluteString.hasPrefix(Fixture.baseURL + path + "?"), sourceLocation: sourceLocation)
    let expected = [("_is_native", "true"), ("_clerk_session_id", "sess_1")] + query
    #expect(request.query == FormFields(expected.map { FormField($0.0, $0.1) }), sourceLocation: sourceLocation)
    #expect(request.headers["clerk-api-version"] == "2026-05-12", sourceLocation: sourceLocation)
    #expect(request.headers["Authorization"] == "client_token_1", sourceLocation: sourceLocation)
    if method == .get || (method == .delete && form.isEmpty) {
        #expect(request.body == nil, sourceLocation: sourceLocation)
    } else {
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded", sourceLocation: sourceLocation)
        #expect(request.form == FormFields(form.map { FormField($0.0, $0.1) }), sourceLocation: sourceLocation)
    }
}

@Suite("Organizations: every operation on the wire")
struct OrganizationWireTests {
    static func page<T: Codable & Sendable & Hashable>(_ items: [T], total: Int) -> String {
        "{\"data\":\(Fixture.json(items)),\"total_count\":\(total)}"
    }

    static func answer(_ json: String) -> ScriptedTransport.Step {
        .respond(TransportResponse(status: 200, json: "{\"response\":\(json),\"client\":\(Fixture.json(Fixture.signedIn()))}"))
    }

    static func answer<T: Codable & Sendable & Hashable>(_ value: T) -> ScriptedTransport.Step {
        .respond(Fixture.account(value))
    }

    @Test("the user's side: create, creation defaults, memberships, leave, invitations, suggestions")
    func userSide() async throws {
        let harness = try await signedInHarness([
            Self.answer(Fixture.organization),
            Self.answer("{\"form\":{\"name\":\"Acme\",\"logo\":null},\"advisory\":null}"),
            Self.answer(Self.page([Fixture.membership()], total: 7)),
            Self.answer(Fixture.deleted),
            Self.answer(Self.page([Fixture.invitation], total: 1)),
            Self.answer(Fixture.invitation),
            Self.answer(Self.page([Fixture.suggestion], total: 1)),
            Self.answer(Fixture.suggestion),
        ])
        let account = try await harness.client.account()
        let created = try await account.createOrganization(name: "Acme", slug: "acme")
        #expect(created.organizationID == "org_1")
        let defaults = try await account.organizationCreationDefaults()
        #expect(defaults.form?.name == "Acme")
        let memberships = try await account.organizationMemberships(PageRequest(limit: 5, offset: 5))
        #expect(memberships.totalCount == 7)
        #expect(memberships.items.first?.organization.slug == "acme")
        #expect(memberships.hasMore(after: PageRequest(limit: 5, offset: 5)))
        #expect(!memberships.hasMore(after: PageRequest(limit: 5, offset: 6)))
        try await account.leaveOrganization("org_1")
        let invitations = try await account.organizationInvitations(status: .pending, PageRequest(limit: 20))
        #expect(invitations.items == [Fixture.invitation])
        try await account.acceptOrganizationInvitation("orginv_1")
        let suggestions = try await account.organizationSuggestions(status: "pending")
        #expect(suggestions.items == [Fixture.suggestion])
        try await account.acceptOrganizationSuggestion("orgsug_1")

        let sent = harness.accountRequests
        #expect(sent.count == 8)
        expectOrganizationRequest(sent[0], .post, "/v1/organizations", form: [("name", "Acme"), ("slug", "acme")])
        expectOrganizationRequest(sent[1], .get, "/v1/me/organization_creation_defaults")
        expectOrganizationRequest(
            sent[2], .get, "/v1/me/organization_memberships", query: [("limit", "5"), ("offset", "5"), ("paginated", "true")])
        expectOrganizationRequest(sent[3], .delete, "/v1/me/organization_memberships/org_1")
        expectOrganizationRequest(sent[4], .get, "/v1/me/organization_invitations", query: [("limit", "20"), ("status", "pending")])
        expectOrganizationRequest(sent[5], .post, "/v1/me/organization_invitations/orginv_1/accept")
        expectOrganizationRequest(sent[6], .get, "/v1/me/organization_suggestions", query: [("status", "pending")])
        expectOrganizationRequest(sent[7], .post, "/v1/me/organization_suggestions/orgsug_1/accept")
    }

    @Test("an organization: read, update, delete, remove the logo, roles")
    func organization() async throws {
        let harness = try await signedInHarness([
            Self.answer(Fixture.organization), Self.answer(Fixture.organization), Self.answer(Fixture.deleted),
            Self.answer(Fixture.deleted), Self.answer(Self.page([Fixture.role], total: 1)),
        ])
        let organization = try await harness.client.account().organization("org_1")
        #expect(try await organization.organization().name == "Acme")
        _ = try await organization.update(name: "Acme Corp")
        try await organization.delete()
        try await organization.removeLogo()
        let roles = try await organization.roles(PageRequest(limit: 50))
        #expect(roles.items.map(\.key) == ["org:admin"])

        let sent = harness.accountRequests
        expectOrganizationRequest(sent[0], .get, "/v1/organizations/org_1")
        expectOrganizationRequest(sent[1], .patch, "/v1/organizations/org_1", form: [("name", "Acme Corp")])
        expectOrganizationRequest(sent[2], .delete, "/v1/organizations/org_1")
        expectOrganizationRequest(sent[3], .delete, "/v1/organizations/org_1/logo")
        expectOrganizationRequest(sent[4], .get, "/v1/organizations/org_1/roles", query: [("limit", "50")])
    }

    @Test("members: filtered list, role change, removal")
    func members() async throws {
        let harness = try await signedInHarness([
            Self.answer(Self.page([Fixture.membership()], total: 1)), Self.answer(Fixture.membership(role: "org:member")),
            Self.answer(Fixture.membership(role: "org:member")),
        ])
        let organization = try await harness.client.account().organization("org_1")
        let members = try await organization.members(query: "jane", role: "org:admin", PageRequest(limit: 10, offset: 20))
        #expect(members.items.count == 1)
        #expect(try await organization.updateMember(userID: "user_2", role: "org:member").role == "org:member")
        try await organization.removeMember(userID: "user_2")

        let sent = harness.accountRequests
        expectOrganizationRequest(
            sent[0], .get, "/v1/organizations/org_1/memberships",
            query: [("limit", "10"), ("offset", "20"), ("paginated", "true"), ("query", "jane"), ("role", "org:admin")])
        expectOrganizationRequest(sent[1], .patch, "/v1/organizations/org_1/memberships/user_2", form: [("role", "org:member")])
        expectOrganizationRequest(sent[2], .delete, "/v1/organizations/org_1/memberships/user_2")
    }

    @Test("invitations: one, bulk, list, pending, revoke; an empty bulk list is refused before any request")
    func invitations() async throws {
        let harness = try await signedInHarness([
            Self.answer(Fixture.invitation), Self.answer([Fixture.invitation, Fixture.invitation]),
            Self.answer(Self.page([Fixture.invitation], total: 1)), Self.answer([Fixture.invitation]), Self.answer(Fixture.invitation),
        ])
        let organization = try await harness.client.account().organization("org_1")
        _ = try await organization.invite(emailAddress: "sam+clerk_test@example.com", role: "org:member")
        let many = try await organization.invite(emailAddresses: ["a@example.com", "b@example.com"], role: "org:member", notify: false)
        #expect(many.count == 2)
        let empty = await clerkError { try await organization.invite(emailAddresses: [], role: "org:member") }
        #expect(empty == .invalidInput(InvalidInput(field: "email_address", reason: "no email address to invite")))
        _ = try await organization.invitations(status: .revoked)
        #expect(try await organization.pendingInvitations().count == 1)
        try await organization.revokeInvitation("orginv_1")

        let sent = harness.accountRequests
        #expect(sent.count == 5)
        expectOrganizationRequest(
            sent[0], .post, "/v1/organizations/org_1/invitations", form: [("email_address", "sam+clerk_test@example.com"), ("role", "org:member")])
        expectOrganizationRequest(
            sent[1], .post, "/v1/organizations/org_1/invitations/bulk",
            form: [("email_address", "a@example.com"), ("email_address", "b@example.com"), ("role", "org:member"), ("notify", "false")])
        expectOrganizationRequest(sent[2], .get, "/v1/organizations/org_1/invitations", query: [("status", "revoked")])
        expectOrganizationRequest(sent[3], .get, "/v1/organizations/org_1/invitations/pending")
        expectOrganizationRequest(sent[4], .post, "/v1/organizations/org_1/invitations/orginv_1/revoke")
    }

    @Test("membership requests: list, accept, reject")
    func membershipRequests() async throws {
        let harness = try await signedInHarness([
            Self.answer(Self.page([Fixture.membershipRequest], total: 1)), Self.answer(Fixture.membershipRequest),
            Self.answer(Fixture.membershipRequest),
        ])
        let organization = try await harness.client.account().organization("org_1")
        _ = try await organization.membershipRequests(status: "pending", PageRequest(offset: 10))
        try await organization.acceptMembershipRequest("orgmemreq_1")
        try await organization.rejectMembershipRequest("orgmemreq_2")

        let sent = harness.accountRequests
        expectOrganizationRequest(sent[0], .get, "/v1/organizations/org_1/membership_requests", query: [("offset", "10"), ("status", "pending")])
        expectOrganizationRequest(sent[1], .post, "/v1/organizations/org_1/membership_requests/orgmemreq_1/accept")
        expectOrganizationRequest(sent[2], .post, "/v1/organizations/org_1/membership_requests/orgmemreq_2/reject")
    }

    @Test("domains: add, list, read, remove, enrollment mode, affiliation by email code (the code never logged)")
    func domains() async throws {
        let harness = try await signedInHarness(
            [Self.answer(Fixture.domain), Self.answer(Self.page([Fixture.domain], total: 1))]
                + Array(repeating: Self.answer(Fixture.domain), count: 2) + [Self.answer(Fixture.deleted)]
                + Array(repeating: Self.answer(Fixture.domain), count: 3))
        let organization = try await harness.client.account().organization("org_1")
        _ = try await organization.addDomain("acme.com", enrollmentMode: .automaticInvitation)
        _ = try await organization.domains(verified: true, enrollmentMode: .manualInvitation)
        _ = try await organization.domain("orgdmn_1")
        _ = try await organization.domain("orgdmn_1")
        try await organization.removeDomain("orgdmn_1")
        _ = try await organization.updateEnrollmentMode(domainID: "orgdmn_1", to: .automaticSuggestion, deletePending: true)
        _ = try await organization.prepareDomainAffiliation(domainID: "orgdmn_1", emailAddress: "jane@acme.com")
        _ = try await organization.attemptDomainAffiliation(domainID: "orgdmn_1", code: "424242")

        let sent = harness.accountRequests
        #expect(sent.count == 8)
        let domain = "/v1/organizations/org_1/domains"
        expectOrganizationRequest(sent[0], .post, domain, form: [("name", "acme.com"), ("enrollment_mode", "automatic_invitation")])
        expectOrganizationRequest(sent[1], .get, domain, query: [("verified", "true"), ("enrollment_mode", "manual_invitation")])
        expectOrganizationRequest(sent[2], .get, domain + "/orgdmn_1")
        expectOrganizationRequest(sent[4], .delete, domain + "/orgdmn_1")
        expectOrganizationRequest(
            sent[5], .post, domain + "/orgdmn_1/update_enrollment_mode", form: [("enrollment_mode", "automatic_suggestion"), ("delete_pending", "true")])
        expectOrganizationRequest(
            sent[6], .post, domain + "/orgdmn_1/prepare_affiliation_verification", form: [("affiliation_email_address", "jane@acme.com")])
        expectOrganizationRequest(sent[7], .post, domain + "/orgdmn_1/attempt_affiliation_verification", form: [("code", "424242")])
        #expect(!sent[7].description.contains("424242"))
        #expect(!harness.log.values.joined().contains("424242"))
    }

    @Test("logo upload: PUT with a multipart body whose file part is the image; an empty image sends nothing")
    func uploadLogo() async throws {
        let harness = try await signedInHarness([Self.answer(Fixture.organization)])
        let organization = try await harness.client.account().organization("org_1")
        let image = Data([0x89, 0x50, 0x4E, 0x47])
        _ = try await organization.uploadLogo(image, mediaType: "image/png")
        let empty = await clerkError { try await organization.uploadLogo(Data(), mediaType: "image/png") }
        #expect(empty == .invalidInput(InvalidInput(field: "file", reason: "the image is empty")))
        #expect(harness.accountRequests.count == 1)
        let sent = try #require(harness.accountRequests.first)
        #expect(sent.method == .put)
        #expect(sent.path == "/v1/organizations/org_1/logo")
        #expect(sent.query == FormFields([FormField("_is_native", "true"), FormField("_clerk_session_id", "sess_1")]))
        let contentType = try #require(sent.headers["Content-Type"])
        let boundary = try #require(contentType.split(separator: "=", maxSplits: 1).last.map(String.init))
        #expect(contentType == "multipart/form-data; boundary=\(boundary)")
        var expected = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"logo\"\r\n".utf8)
        expected.append(Data("Content-Type: image/png\r\n\r\n".utf8) + image + Data("\r\n--\(boundary)--\r\n".utf8))
        #expect(sent.body == expected)
    }

    @Test("a handle whose session was signed out sends nothing")
    func noSession() async throws {
        let harness = try await signedInHarness([.respond(Fixture.envelope(Fixture.session(status: .removed), client: Fixture.client()))])
        let organization = try await harness.client.account().organization("org_1")
        try await harness.client.signOut()
        let error = await clerkError { try await organization.organization() }
        #expect(error == .flow(.noSession))
        #expect(harness.accountRequests.count == 1)
    }
}
