import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The Backend API's organization logo (`PUT`/`DELETE /organizations/{id}/logo`) and a user's
/// memberships (`GET /users/{id}/organization_memberships`), each answer against Clerk's spec.
@Suite("Organizations: the Backend API's logo and a user's memberships")
struct OrganizationBackendLogoTests {
    static func upload(_ server: TestServer, _ org: String, bytes: [UInt8] = OrganizationLogoTests.png, name: String = "file")
        async throws -> FAPIClient.Answer
    {
        let (body, contentType) = OrganizationLogoTests.multipart(bytes, name: name)
        return try await server.backend("PUT", "/organizations/\(org)/logo", body: body, contentType: contentType)
    }

    @Test(
        "a logo uploaded and removed, a user's memberships paginated; answers (refusals included) validate",
        .enabled(if: InvitationSpecValidationTests.spec != nil, "needs Clerk's Backend API spec"),
        .enabled(TestTools.missing("Python's openapi-schema-validator or PyYAML")) { TestTools.pythonImports("openapi_schema_validator", "yaml") })
    func answersValidate() async throws {
        let spec = try #require(InvitationSpecValidationTests.spec)
        let records = try await withServer(organizationTestSettings) { server in
            func record(_ operation: String, _ answer: FAPIClient.Answer) -> FAPIClient.Record {
                FAPIClient.Record(operation: operation, status: answer.status, data: answer.data)
            }
            _ = try await signedUpAccount(server, server.client())
            let userID = try #require(await server.core.store.users.values.first?.id)
            var ids: [String] = []
            for name in ["First Org", "Second Org"] {
                let created = try await server.backend("POST", "/organizations", json: ["name": name, "created_by": userID])
                ids.append(try #require(created.json["id"] as? String))
            }
            let uploaded = try await Self.upload(server, ids[0])
            #expect(uploaded.json["has_image"] as? Bool == true, "\(uploaded.text)")
            let url = try #require(uploaded.json["image_url"] as? String)
            let image = try await server.client().send("GET", try OrganizationLogoTests.path(of: url))
            #expect(image.status == 200 && [UInt8](image.data) == OrganizationLogoTests.png)
            let removed = try await server.backend("DELETE", "/organizations/\(ids[0])/logo")
            #expect(removed.json["has_image"] as? Bool == false, "\(removed.text)")

            let firstPage = try await server.backend("GET", "/users/\(userID)/organization_memberships?limit=1")
            #expect(firstPage.json["total_count"] as? Int == 2)
            let secondPage = try await server.backend("GET", "/users/\(userID)/organization_memberships?limit=1&offset=1")
            let pages = [firstPage, secondPage].map { (($0.json["data"] as? [[String: Any]])?.first?["organization"] as? [String: Any])?["id"] as? String }
            #expect(pages == ids.map(Optional.some), "oldest first, one a page")
            return [
                record("UploadOrganizationLogo", uploaded),
                record("UploadOrganizationLogo", try await Self.upload(server, "org_missing")),
                record("UploadOrganizationLogo", try await Self.upload(server, ids[0], name: "picture")),
                record("DeleteOrganizationLogo", removed),
                record("DeleteOrganizationLogo", try await server.backend("DELETE", "/organizations/org_missing/logo")),
                record("UsersGetOrganizationMemberships", firstPage),
                record("UsersGetOrganizationMemberships", secondPage),
            ]
        }
        #expect(records.map(\.status) == [200, 404, 400, 200, 404, 200, 200])
        try SpecValidationTests.validate(records, against: spec)
    }

    @Test("refusals change nothing: no organization, no file, bytes that are no image, an unknown uploader, no logo to remove, no such user, a bad limit")
    func refusals() async throws {
        try await withServer(organizationTestSettings) { server in
            _ = try await signedUpAccount(server, server.client())
            let userID = try #require(await server.core.store.users.values.first?.id)
            let created = try await server.backend("POST", "/organizations", json: ["name": "Acme", "created_by": userID])
            let org = try #require(created.json["id"] as? String)
            let before = try await server.backend("GET", "/organizations/\(org)")

            expectError(try await Self.upload(server, "org_missing"), status: 404, code: "resource_not_found")
            expectError(try await Self.upload(server, org, name: "picture"), status: 400, code: "form_param_missing")
            let notImage = try await Self.upload(server, org, bytes: Array("not an image".utf8))
            #expect(notImage.status == 400, "\(notImage.text)")
            let (body, contentType) = OrganizationLogoTests.multipart(OrganizationLogoTests.png)
            let withUploader = Data("--clerk-test-boundary\r\nContent-Disposition: form-data; name=\"uploader_user_id\"\r\n\r\nuser_nobody\r\n".utf8) + body
            let unknownUploader = try await server.backend("PUT", "/organizations/\(org)/logo", body: withUploader, contentType: contentType)
            expectError(unknownUploader, status: 404, code: "resource_not_found")
            let json = try await server.backend("PUT", "/organizations/\(org)/logo", json: ["file": "x"])
            #expect(json.status == 415, "\(json.text)")
            expectError(try await server.backend("DELETE", "/organizations/\(org)/logo"), status: 404, code: "image_not_found")
            let after = try await server.backend("GET", "/organizations/\(org)")
            for key in ["updated_at", "has_image", "image_url"] {
                #expect("\(after.json[key] ?? "-")" == "\(before.json[key] ?? "-")", "no refusal changed the organization's \(key)")
            }

            expectError(try await server.backend("GET", "/users/user_nobody/organization_memberships"), status: 404, code: "resource_not_found")
            let badLimit = try await server.backend("GET", "/users/\(userID)/organization_memberships?limit=0")
            expectError(badLimit, status: 422, code: "form_param_format_invalid")

            let credited = Data("--clerk-test-boundary\r\nContent-Disposition: form-data; name=\"uploader_user_id\"\r\n\r\n\(userID)\r\n".utf8) + body
            let accepted = try await server.backend("PUT", "/organizations/\(org)/logo", body: credited, contentType: contentType)
            #expect(accepted.json["has_image"] as? Bool == true, "\(accepted.text)")
        }
    }
}
