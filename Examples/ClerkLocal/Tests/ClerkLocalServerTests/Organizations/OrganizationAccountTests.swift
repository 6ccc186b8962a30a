import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The signed-in user's side of organizations: what creating one suggests, and the user resource's
/// `organization_memberships` on `/v1/me` and on the client's sessions.
@Suite("Organizations: the user's creation defaults and memberships")
struct OrganizationAccountTests {
    static func defaults(_ device: FAPIClient, _ account: SignedInAccount) async throws -> FAPIClient.Answer {
        try await device.organizations(
            "GET", "/v1/me/organization_creation_defaults", session: account.sessionID, operation: "getOrganizationCreationDefaults")
    }

    @Test("the name and slug come from the email domain; an organization with that slug already existing is an advisory")
    func creationDefaults() async throws {
        try await withServer(organizationTestSettings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device, email: "alice-\(UUID().uuidString.prefix(6))@acme-corp.com")
            let first = try await Self.defaults(device, account)
            #expect(first.status == 200, "\(first.text)")
            let form = try #require(first.resource["form"] as? [String: Any])
            #expect(form["name"] as? String == "Acme Corp")
            #expect(form["slug"] as? String == "acme-corp")
            #expect(first.resource["advisory"] is NSNull)

            try await device.organizations("POST", "/v1/organizations", session: account.sessionID, form: [("name", "Acme Corp")])
            let other = server.client()
            let colleague = try await signedUpAccount(server, other, email: "bob-\(UUID().uuidString.prefix(6))@acme-corp.com")
            let second = try await Self.defaults(other, colleague)
            let advisory = try #require(second.resource["advisory"] as? [String: Any])
            #expect(advisory["code"] as? String == "organization_already_exists")
            #expect(advisory["severity"] as? String == "warning")
            #expect((advisory["meta"] as? [String: Any])?["organization_domain"] as? String == "acme-corp.com")

            let personal = server.client()
            let gmail = try await signedUpAccount(server, personal, email: "carol-\(UUID().uuidString.prefix(6))@gmail.com")
            let none = try await Self.defaults(personal, gmail)
            #expect((none.resource["form"] as? [String: Any])?["name"] is NSNull)
        }
    }

    @Test("organizations off: the defaults are refused as every organization call is")
    func creationDefaultsOff() async throws {
        var settings = organizationTestSettings
        settings.organizations.enabled = false
        try await withServer(settings) { server in
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            expectError(try await Self.defaults(device, account), status: 403, code: "organization_not_enabled_in_instance")
        }
    }

    @Test("the user's organization_memberships on /v1/me and on the client's session match /v1/me/organization_memberships")
    func userMemberships() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server, role: "org:member")
            let me = try await scene.other.send("GET", "/v1/me?_is_native=true&_clerk_session_id=\(scene.otherAccount.sessionID)", operation: "getUser")
            let memberships = try #require(me.resource["organization_memberships"] as? [[String: Any]])
            #expect(memberships.map { $0["role"] as? String } == ["org:member"])
            #expect((memberships.first?["organization"] as? [String: Any])?["id"] as? String == scene.organizationID)
            #expect(memberships.first?["permissions"] as? [String] == ["org:sys_memberships:read", "org:invoices:read"])

            let client = try await scene.other.send("GET", "/v1/client", operation: "getClient")
            let sessions = try #require((client.resource["sessions"] as? [[String: Any]]))
            let user = try #require(sessions.first?["user"] as? [String: Any])
            let fromSession = try #require(user["organization_memberships"] as? [[String: Any]])
            #expect(fromSession.map { $0["id"] as? String } == memberships.map { $0["id"] as? String })

            let listed = try await scene.other.organizations("GET", "/v1/me/organization_memberships", session: scene.otherAccount.sessionID)
            #expect(listed.resources.map { $0["id"] as? String } == memberships.map { $0["id"] as? String })

            // Leaving takes it off the user resource at once.
            try await scene.other.organizations(
                "DELETE", "/v1/me/organization_memberships/\(scene.organizationID)", session: scene.otherAccount.sessionID)
            let after = try await scene.other.send("GET", "/v1/me?_is_native=true&_clerk_session_id=\(scene.otherAccount.sessionID)")
            #expect((after.resource["organization_memberships"] as? [[String: Any]])?.isEmpty == true)
        }
    }
}

extension SpecValidationTests {
    @Test(
        "Organization creation defaults and the user's memberships validate",
        .enabled(if: spec != nil, "needs Clerk's Frontend API spec: CLERK_FAPI_SPEC names no spec file"))
    func organizationAccountAnswersValidate() async throws {
        let spec = try #require(Self.spec)
        let records = try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server)
            _ = try await OrganizationAccountTests.defaults(scene.admin, scene.adminAccount)
            try await scene.admin.send("GET", "/v1/me?_is_native=true&_clerk_session_id=\(scene.adminAccount.sessionID)", operation: "getUser")
            try await scene.other.send("GET", "/v1/client", operation: "getClient")
            return scene.admin.recorded + scene.other.recorded
        }
        #expect(records.allSatisfy { $0.status == 200 })
        try Self.validate(records, against: spec)
    }
}
