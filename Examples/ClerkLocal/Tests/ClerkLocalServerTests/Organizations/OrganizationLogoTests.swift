import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer
@testable import ClerkLocalStorage

/// `PUT` and `DELETE /v1/organizations/{id}/logo`: uploaded as Clerk's SDKs upload it, kept in the
/// storage, served at the URL `image_url` names.
@Suite("Organizations: the logo")
struct OrganizationLogoTests {
    /// A PNG's signature and a few bytes: enough for the server to recognise it.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]

    static func multipart(_ bytes: [UInt8], type: String = "image/png", name: String = "file") -> (Data, String) {
        let boundary = "clerk-test-boundary"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"logo\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
        body.append(contentsOf: bytes)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @discardableResult
    static func upload(
        _ client: FAPIClient, org: String, session: String, bytes: [UInt8] = png, type: String = "image/png", name: String = "file"
    ) async throws -> FAPIClient.Answer {
        let (body, contentType) = multipart(bytes, type: type, name: name)
        return try await client.send(
            "PUT", "/v1/organizations/\(org)/logo?_is_native=true&_clerk_session_id=\(session)", rawBody: body, contentType: contentType,
            operation: "updateOrganizationLogo")
    }

    /// The path of a URL the server answered (the tests talk to the router, not to its host).
    static func path(of url: String) throws -> String {
        try #require(URLComponents(string: url)?.path)
    }

    @Test("an admin uploads a logo: has_image, served at image_url with its type; removing it brings the default back")
    func uploadServeRemove() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let org = scene.organizationID
            let uploaded = try await Self.upload(scene.admin, org: org, session: scene.adminAccount.sessionID)
            #expect(uploaded.status == 200, "\(uploaded.text)")
            #expect(uploaded.resource["has_image"] as? Bool == true)
            let url = try #require(uploaded.resource["image_url"] as? String)
            let image = try await server.client().send("GET", try Self.path(of: url))
            #expect(image.status == 200)
            #expect(image.header("Content-Type") == "image/png")
            #expect([UInt8](image.data) == Self.png)

            let read = try await scene.admin.organizations("GET", "/v1/organizations/\(org)", session: scene.adminAccount.sessionID)
            #expect(read.resource["image_url"] as? String == url)

            let removed = try await scene.admin.organizations(
                "DELETE", "/v1/organizations/\(org)/logo", session: scene.adminAccount.sessionID, operation: "deleteOrganizationLogo")
            #expect(removed.status == 200, "\(removed.text)")
            #expect(removed.resource["deleted"] as? Bool == true)
            let after = try await scene.admin.organizations("GET", "/v1/organizations/\(org)", session: scene.adminAccount.sessionID)
            #expect(after.resource["has_image"] as? Bool == false)
            #expect(after.resource["image_url"] as? String == WirePresenter.organizationImageURL)
            let gone = try await server.client().send("GET", try Self.path(of: url))
            expectError(gone, status: 404, code: "image_not_found")
            let again = try await scene.admin.organizations("DELETE", "/v1/organizations/\(org)/logo", session: scene.adminAccount.sessionID)
            expectError(again, status: 404, code: "image_not_found")
        }
    }

    @Test("refusals change nothing: a member without org:sys_profile:manage, no file, another type, bytes that are no image, over 10 MB")
    func refusals() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            try await scene.addOther(server)
            let org = scene.organizationID
            let admin = scene.adminAccount.sessionID
            let member = try await Self.upload(scene.other, org: org, session: scene.otherAccount.sessionID)
            expectError(member, status: 403, code: "missing_organization_permission")
            let noFile = try await Self.upload(scene.admin, org: org, session: admin, name: "picture")
            expectError(noFile, status: 400, code: "form_param_missing")
            let svg = try await Self.upload(scene.admin, org: org, session: admin, bytes: Array("<svg/>".utf8), type: "image/svg+xml")
            expectError(svg, status: 400, code: "request_body_invalid")
            #expect(svg.error?.longMessage.contains("'svg+xml' images are not currently supported") == true)
            let text = try await Self.upload(scene.admin, org: org, session: admin, bytes: Array("not an image".utf8))
            expectError(text, status: 400, code: "request_body_invalid")
            let large = try await Self.upload(scene.admin, org: org, session: admin, bytes: Self.png + [UInt8](repeating: 0, count: ImageUpload.maxBytes))
            expectError(large, status: 413, code: "image_too_large")
            let read = try await scene.admin.organizations("GET", "/v1/organizations/\(org)", session: admin)
            #expect(read.resource["has_image"] as? Bool == false)
            let removeAsMember = try await scene.other.organizations(
                "DELETE", "/v1/organizations/\(org)/logo", session: scene.otherAccount.sessionID)
            expectError(removeAsMember, status: 403, code: "missing_organization_permission")
        }
    }

    @Test("the raw bytes as application/octet-stream are accepted too, as Clerk's spec allows")
    func octetStream() async throws {
        try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]
            let uploaded = try await scene.admin.send(
                "PUT", "/v1/organizations/\(scene.organizationID)/logo?_is_native=true&_clerk_session_id=\(scene.adminAccount.sessionID)",
                rawBody: Data(jpeg), contentType: "application/octet-stream")
            #expect(uploaded.status == 200, "\(uploaded.text)")
            let url = try #require(uploaded.resource["image_url"] as? String)
            let image = try await server.client().send("GET", try Self.path(of: url))
            #expect(image.header("Content-Type") == "image/jpeg")
        }
    }

    @Test("the logo is kept in the storage: after a restart it is still served at the same URL")
    func survivesRestart() async throws {
        let directory = SQLiteStorageTests.temporaryDirectory()
        let first = try await SQLiteStorage(directory: directory)
        let (scene, url) = try await withServer(organizationTestSettings, storage: first) { server in
            let scene = try await OrganizationScene.make(server)
            let uploaded = try await Self.upload(scene.admin, org: scene.organizationID, session: scene.adminAccount.sessionID)
            return (scene, try #require(uploaded.resource["image_url"] as? String))
        }
        await first.close()
        let second = try await SQLiteStorage(directory: directory)
        try await withServer(nil, storage: second) { server in
            let image = try await server.client().send("GET", try Self.path(of: url))
            #expect(image.status == 200)
            #expect([UInt8](image.data) == Self.png)
            let admin = server.client()
            admin.token = scene.admin.token
            let read = try await admin.organizations("GET", "/v1/organizations/\(scene.organizationID)", session: scene.adminAccount.sessionID)
            #expect(read.resource["has_image"] as? Bool == true)
        }
        await second.close()
    }
}

extension SpecValidationTests {
    @Test(
        "Organization logo answers validate",
        .enabled(if: spec != nil, "needs Clerk's Frontend API spec: CLERK_FAPI_SPEC names no spec file"))
    func organizationLogoAnswersValidate() async throws {
        let spec = try #require(Self.spec)
        let records = try await withServer(organizationTestSettings) { server in
            let scene = try await OrganizationScene.make(server)
            let admin = scene.adminAccount.sessionID
            try await OrganizationLogoTests.upload(scene.admin, org: scene.organizationID, session: admin)
            try await OrganizationLogoTests.upload(scene.admin, org: scene.organizationID, session: admin, bytes: Array("no".utf8))
            try await scene.admin.organizations(
                "DELETE", "/v1/organizations/\(scene.organizationID)/logo", session: admin, operation: "deleteOrganizationLogo")
            try await scene.admin.organizations(
                "DELETE", "/v1/organizations/\(scene.organizationID)/logo", session: admin, operation: "deleteOrganizationLogo")
            return scene.admin.recorded.filter { $0.operation.hasSuffix("OrganizationLogo") }
        }
        #expect(records.map(\.status) == [200, 400, 200, 404])
        try Self.validate(records, against: spec)
    }
}
