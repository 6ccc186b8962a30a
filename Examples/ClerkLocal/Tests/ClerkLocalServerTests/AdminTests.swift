import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Admin API, outbox over HTTP, reset")
struct AdminTests {
    @Test("Seed over HTTP, read the outbox over HTTP, reset everything")
    func seedOutboxReset() async throws {
        try await withServer(SettingsPreset.emailCode.settings) { server in
            let admin = server.client()
            let body = Data(#"{"email_address": "Jane@Example.com", "first_name": "Jane"}"#.utf8)
            let seeded = try await admin.send("POST", "/__local/admin/users", rawBody: body, contentType: "application/json")
            #expect(seeded.status == 201)
            #expect(seeded.json["email_address"] as? String == "jane@example.com")
            let duplicate = try await admin.send("POST", "/__local/admin/users", rawBody: body, contentType: "application/json")
            expectError(duplicate, status: 422, code: "form_identifier_exists", param: "email_address")
            let invalid = try await admin.send("POST", "/__local/admin/users", rawBody: Data("{".utf8), contentType: "application/json")
            expectError(invalid, status: 400, code: "request_body_invalid")

            let device = server.client()
            _ = try await device.signIn([("identifier", "jane@example.com"), ("strategy", "email_code")])
            let outbox = try await admin.send("GET", "/__local/outbox?to=JANE@example.com")
            let messages = try #require(outbox.json["messages"] as? [[String: Any]])
            #expect(messages.count == 1)
            #expect((messages.first?["code"] as? String)?.count == 6)
            #expect(messages.first?["purpose"] as? String == "sign_in.email_code")

            let reset = try await admin.send("POST", "/__local/admin/reset", rawBody: Data("{}".utf8), contentType: "application/json")
            #expect(reset.status == 200)
            #expect(server.outbox().isEmpty)
            let users = try await admin.send("GET", "/__local/admin/users")
            #expect((users.json["users"] as? [Any])?.isEmpty == true)
            let stale = try await device.send("GET", "/v1/client")
            #expect(stale.json["response"] is NSNull, "clients are gone too")
        }
    }

    @Test("Seeding through the Swift API refuses bad identifiers with Clerk's codes")
    func swiftSeedErrors() async throws {
        try await withServer { server in
            await #expect(throws: LocalServerError.self) { try await server.seedUser(SeedUser(phoneNumber: "555-0100")) }
            await #expect(throws: LocalServerError.self) { try await server.seedUser(SeedUser(password: "no identifier at all")) }
            await #expect(throws: LocalServerError.self) { try await server.seedUser(SeedUser(emailAddress: "a@example.com", totpSecret: "not base32!")) }
            let description = String(describing: SeedUser(emailAddress: "a@example.com", password: "hunter2-secret"))
            #expect(!description.contains("hunter2-secret"))
            var user = UserRecord(id: "user_1", createdAt: .now, updatedAt: .now)
            user.totpSecret = "JBSWY3DPEHPK3PXP"
            user.passwordHash = "$2b$10$abcdefghijklmnopqrstuv"
            var dumped = ""
            dump(user, to: &dumped)
            #expect(!String(describing: user).contains("JBSWY3DPEHPK3PXP") && !dumped.contains("JBSWY3DPEHPK3PXP"))
            #expect(!dumped.contains("$2b$10$"))
        }
    }

    @Test("Required MFA: a user without it gets a pending session with the setup-mfa task")
    func requiredMFA() async throws {
        var settings = SettingsPreset.mfa.settings
        settings.mfa.required = true
        settings.clientTrust = false
        try await withServer(settings) { server in
            let email = Fixture.testEmail()
            let device = server.client()
            let created = try await device.signUp([("email_address", email), ("password", Fixture.password)]).signUp
            try await device.signUpAction(created.id, "prepare_verification", [("strategy", "email_code")])
            let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "email_code"), ("code", "424242")])
            let session = try #require(try done.client?.sessions.first)
            #expect(session.status == .pending)
            #expect(session.tasks?.map(\.key) == [.setupMFA])
        }
    }
}
