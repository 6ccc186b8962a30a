import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Import and export: the admin routes, behind the local access guard")
struct ImportExportRouteTests {
    @Test("A web page cannot read the export or plant users: foreign Origin and non-JSON writes are refused")
    func guarded() async throws {
        try await withServer(movingSettings) { server in
            _ = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password))
            let document = try await server.export().encoded()
            await server.core.store.reset()

            let page = server.client()
            page.origin = "https://attacker.example"
            expectError(try await page.send("GET", "/__local/admin/export"), status: 403, code: "origin_invalid")
            let planted = try await page.send("POST", "/__local/admin/import", rawBody: document, contentType: "application/json")
            expectError(planted, status: 403, code: "origin_invalid")

            let local = server.client()
            for contentType in ["text/plain", "application/x-www-form-urlencoded"] {
                let simple = try await local.send("POST", "/__local/admin/import", rawBody: document, contentType: contentType)
                expectError(simple, status: 415, code: "unsupported_content_type")
            }
            #expect(await server.export().users.isEmpty, "nothing was imported")
            let imported = try await server.importOverHTTP(document)
            #expect(imported.status == 200 && imported.json["imported"] as? Int == 1, "\(imported.text)")
        }
    }

    @Test("Off loopback the export needs the secret key, like every /__local route")
    func secretKeyOffLoopback() async throws {
        let key = "sk_test_" + String(repeating: "k7", count: 12)
        let publicURL = try #require(URL(string: "https://clerk.example.test"))
        let server = try await LocalFrontendAPI.start(options: ListeningOptions(publicURL: publicURL, secretKey: key))
        do {
            let proxied = RawConnection.get("/__local/admin/export", host: "clerk.example.test")
            #expect(try await RawConnection.exchange(port: server.port, request: proxied, waitLimit: 20).status == 401)
            let withKey = RawConnection.get("/__local/admin/export", host: "clerk.example.test", headers: ["Authorization: Bearer \(key)"])
            let answer = try await RawConnection.exchange(port: server.port, request: withKey, waitLimit: 20)
            #expect(answer.status == 200)
            #expect(answer.received.contains(#""format" : "clerk-local-users""#))
        }
        await server.shutdown()
    }

    @Test("A refused import answers Clerk's error envelope naming the field; the server is unchanged")
    func refusalEnvelope() async throws {
        try await withServer(movingSettings) { server in
            let existing = try await server.seedUser(SeedUser(emailAddress: "taken@example.com"))
            var document = UserImportRefusalTests.valid
            document.users[2].emailAddresses[0].emailAddress = "taken@example.com"
            let taken = try await server.importOverHTTP(try document.encoded())
            expectError(taken, status: 422, code: "form_identifier_exists", param: "users[2].email_addresses[0].email_address")
            #expect(taken.error?.longMessage.contains("already identifies user \(existing.id)") == true, "\(taken.text)")

            document = UserImportRefusalTests.valid
            document.users[1].password?.digest = "not-bcrypt"
            let digest = try await server.importOverHTTP(try document.encoded())
            expectError(digest, status: 422, code: "form_password_digest_invalid_code", param: "users[1].password.digest")
            #expect(!digest.text.contains("not-bcrypt"), "the message names the field, not the value")

            let misspelt = try await server.importOverHTTP(try editedJSON(UserImportRefusalTests.valid) { $0.editUser(0) { $0["totpp"] = 1 } })
            expectError(misspelt, status: 422, code: "form_param_unknown", param: "users[0].totpp")
            let version = try await server.importOverHTTP(try editedJSON(UserImportRefusalTests.valid) { $0["version"] = UserExportDocument.version + 1 })
            expectError(version, status: 422, code: "form_param_value_invalid", param: "version")
            let notJSON = try await server.importOverHTTP(Data("{".utf8))
            expectError(notJSON, status: 400, code: "request_body_invalid")

            #expect(await server.export().users.map(\.id) == [existing.id])
        }
    }

    @Test("Nothing secret in a description, debug description or dump of an export")
    func redacted() async throws {
        let digest = await PasswordHasher().hash(Fixture.password)
        let codes = BackupCodeSet(codes: ["one-code"])
        let document = UserExportDocument(
            exportedAt: 0, users: [generatedUser(0, digest: digest, totpSecret: Cast.totpSecret, backupCodes: codes)])
        let user = document.users[0]
        var dumped = ""
        dump(document, to: &dumped)
        dump(user, to: &dumped)
        dump(user.password, to: &dumped)
        dump(user.totp, to: &dumped)
        dump(user.backupCodes, to: &dumped)
        let texts = [
            String(describing: document), String(reflecting: document), String(describing: user), String(reflecting: user),
            String(describing: user.password), String(describing: user.totp), String(describing: user.backupCodes), dumped,
        ]
        let secrets = [digest, Cast.totpSecret, try #require(user.backupCodes?.salt), try #require(user.backupCodes?.digests.first)]
        for text in texts {
            for secret in secrets {
                #expect(!text.contains(secret), "\(text)")
            }
        }
        #expect(String(describing: document).contains("users: 1"))
    }
}
