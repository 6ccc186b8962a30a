import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The Backend API's user metadata merge and its organization invitation calls beyond create, list
/// and revoke: each answer against the Backend API spec, and Clerk's Python backend SDK driving them.
@Suite("Organizations: Backend API invitations and user metadata")
struct OrganizationBackendInvitationTests {
    static func bulk(_ server: TestServer, _ organizationID: String, _ items: [[String: Any]]) async throws -> FAPIClient.Answer {
        let client = server.client()
        client.token = "Bearer " + server.core.backendSecretKey
        let body = try JSONSerialization.data(withJSONObject: items)
        return try await client.send(
            "POST", "/bapi/v1/organizations/\(organizationID)/invitations/bulk", rawBody: body, contentType: "application/json")
    }

    @Test("PATCH /users/{id}/metadata deep-merges each metadata, a null removing its key; a refusal changes nothing")
    func userMetadataMerge() async throws {
        try await withServer(organizationTestSettings) { server in
            _ = try await signedUpAccount(server, server.client())
            let userID = try #require(await server.core.store.users.values.first?.id)
            let first = try await server.backend(
                "PATCH", "/users/\(userID)/metadata",
                json: ["public_metadata": ["plan": "pro", "limits": ["seats": 3, "storage": 10]], "private_metadata": ["stripe": "cus_1"]])
            #expect(first.status == 200, "\(first.text)")
            let second = try await server.backend(
                "PATCH", "/users/\(userID)/metadata",
                json: ["public_metadata": ["limits": ["seats": 5, "storage": NSNull()]], "unsafe_metadata": ["theme": "dark"]])
            #expect(second.json["public_metadata"] as? NSDictionary == ["plan": "pro", "limits": ["seats": 5]] as NSDictionary)
            #expect(second.json["private_metadata"] as? NSDictionary == ["stripe": "cus_1"] as NSDictionary)
            #expect(second.json["unsafe_metadata"] as? NSDictionary == ["theme": "dark"] as NSDictionary)

            let notObject = try await server.backend(
                "PATCH", "/users/\(userID)/metadata", json: ["public_metadata": ["plan": NSNull()], "private_metadata": "text"])
            expectError(notObject, status: 422, code: "form_param_format_invalid")
            let unknown = try await server.backend("PATCH", "/users/\(userID)/metadata", json: ["metadata": [:]])
            #expect(unknown.status == 422 || unknown.status == 400)
            let read = try await server.backend("GET", "/users/\(userID)")
            #expect(read.json["public_metadata"] as? NSDictionary == ["plan": "pro", "limits": ["seats": 5]] as NSDictionary)
            let missing = try await server.backend("PATCH", "/users/user_missing/metadata", json: ["public_metadata": [:]])
            #expect(missing.status == 404)
        }
    }

    @Test("bulk creates all or none; one invitation is read by id; the instance's invitations list across organizations")
    func invitationCalls() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let org = scene.organizationID
            let first = Fixture.email("bulk-a")
            let second = Fixture.email("bulk-b")
            let created = try await Self.bulk(server, org, [["email_address": first, "role": "org:member"], ["email_address": second, "role": "org:admin"]])
            #expect(created.status == 200, "\(created.text)")
            let data = try #require(created.json["data"] as? [[String: Any]])
            #expect(data.map { $0["role"] as? String } == ["org:member", "org:admin"])
            #expect(server.latestLink(to: second)?.contains("__clerk_ticket=") == true)

            let third = Fixture.email("bulk-c")
            let refused = try await Self.bulk(
                server, org, [["email_address": third, "role": "org:member"], ["email_address": "not-an-address", "role": "org:member"]])
            #expect(refused.status == 422)
            #expect(server.latestLink(to: third) == nil)
            let tooMany = try await Self.bulk(server, org, (0..<11).map { ["email_address": Fixture.email("n\($0)"), "role": "org:member"] })
            expectError(tooMany, status: 400, code: "request_body_invalid")

            let id = try #require(data.first?["id"] as? String)
            let one = try await server.backend("GET", "/organizations/\(org)/invitations/\(id)")
            #expect(one.json["email_address"] as? String == first)
            expectError(try await server.backend("GET", "/organizations/\(org)/invitations/orginv_missing"), status: 404, code: "resource_not_found")
            let pending = try await server.backend("GET", "/organizations/\(org)/invitations/pending")
            #expect(pending.json["total_count"] as? Int == 2)

            _ = try await server.backend("POST", "/organizations/\(org)/invitations/\(id)/revoke")
            let all = try await server.backend("GET", "/organization_invitations?order_by=email_address")
            let listed = try #require(all.json["data"] as? [[String: Any]])
            #expect(listed.map { $0["email_address"] as? String } == [first, second].sorted())
            #expect((listed.first?["public_organization_data"] as? [String: Any])?["id"] as? String == org)
            let revoked = try await server.backend("GET", "/organization_invitations?status=revoked&query=bulk-a")
            #expect(revoked.json["total_count"] as? Int == 1)
            let badOrder = try await server.backend("GET", "/organization_invitations?order_by=role")
            #expect(badOrder.status == 422)

            try await scene.admin.organizations(
                "POST", "/v1/organizations/\(org)/invitations", session: scene.adminAccount.sessionID,
                form: [("email_address", scene.otherAccount.email), ("role", "org:member")])
            let otherID = try #require(await server.core.store.users.values.first { $0.emails.first?.address == scene.otherAccount.email }?.id)
            let users = try await server.backend("GET", "/users/\(otherID)/organization_invitations?status=pending")
            #expect((users.json["data"] as? [[String: Any]])?.map { $0["email_address"] as? String } == [scene.otherAccount.email])
            #expect(try await server.backend("GET", "/users/user_missing/organization_invitations").status == 404)
        }
    }

    @Test(
        "the answers validate against the Backend API spec",
        .enabled(if: InvitationSpecValidationTests.spec != nil, "needs Clerk's Backend API spec"),
        .enabled(TestTools.missing("Python's openapi-schema-validator or PyYAML")) { TestTools.pythonImports("openapi_schema_validator", "yaml") })
    func answersValidate() async throws {
        let spec = try #require(InvitationSpecValidationTests.spec)
        let records = try await withServer(organizationTestSettings) { server in
            func record(_ operation: String, _ answer: FAPIClient.Answer) -> FAPIClient.Record {
                FAPIClient.Record(operation: operation, status: answer.status, data: answer.data)
            }
            let scene = try await OrganizationScene.make(server)
            let org = scene.organizationID
            let userID = try #require(await server.core.store.users.values.first?.id)
            let created = try await Self.bulk(server, org, [["email_address": Fixture.email("v"), "role": "org:member", "inviter_user_id": userID]])
            let id = try #require((created.json["data"] as? [[String: Any]])?.first?["id"] as? String)
            return [
                record("UpdateUserMetadata", try await server.backend("PATCH", "/users/\(userID)/metadata", json: ["private_metadata": ["a": 1]])),
                record("CreateOrganizationInvitationBulk", created),
                record("GetOrganizationInvitation", try await server.backend("GET", "/organizations/\(org)/invitations/\(id)")),
                record("ListPendingOrganizationInvitations", try await server.backend("GET", "/organizations/\(org)/invitations/pending")),
                record("ListInstanceOrganizationInvitations", try await server.backend("GET", "/organization_invitations")),
                record("UsersGetOrganizationInvitations", try await server.backend("GET", "/users/\(userID)/organization_invitations")),
                record("GetOrganizationInvitation", try await server.backend("GET", "/organizations/\(org)/invitations/orginv_missing")),
            ]
        }
        #expect(records.map(\.status) == [200, 200, 200, 200, 200, 200, 404])
        try SpecValidationTests.validate(records, against: spec)
    }

    static let script = """
        import sys
        from clerk_backend_api import Clerk
        url, key, user_id, org_id = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
        sdk = Clerk(bearer_auth=key, server_url=url, timeout_ms=120000)
        sdk.users.update_metadata(user_id=user_id, public_metadata={"plan": "pro", "seats": 2})
        user = sdk.users.update_metadata(user_id=user_id, public_metadata={"seats": None}, private_metadata={"crm": "x"})
        made = sdk.organization_invitations.bulk_create(organization_id=org_id, request_body=[
            {"email_address": "py-one@example.com", "role": "org:member"},
            {"email_address": "py-two@example.com", "role": "org:admin"},
        ])
        one = sdk.organization_invitations.get(organization_id=org_id, invitation_id=made.data[0].id)
        pending = sdk.organization_invitations.list_pending(organization_id=org_id)
        everywhere = sdk.organization_invitations.get_all(order_by="email_address")
        print(user.public_metadata, user.private_metadata, made.total_count, one.email_address, pending.total_count,
              [i.email_address for i in everywhere.data], everywhere.data[0].public_organization_data.id == org_id)
        """

    @Test(
        "clerk-backend-api merges user metadata and bulk-creates, reads and lists organization invitations",
        .enabled(TestTools.missing("Python's clerk-backend-api")) { TestTools.pythonImports("clerk_backend_api") })
    func pythonBackendSDK() async throws {
        try await withServer(organizationTestSettings, mode: .socket) { server in
            let scene = try await OrganizationScene.make(server)
            let userID = try #require(await server.core.store.users.values.first?.id)
            let output = try await Python.run(
                Self.script, server.core.baseURL + BackendAPIRoutes.prefix, server.core.backendSecretKey, userID, scene.organizationID)
            #expect(
                output
                    == "{'plan': 'pro'} {'crm': 'x'} 2 py-one@example.com 2 ['py-one@example.com', 'py-two@example.com'] True")
        }
    }
}
