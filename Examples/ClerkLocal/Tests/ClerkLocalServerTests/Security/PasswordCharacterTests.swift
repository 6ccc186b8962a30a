import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: passwords with a NUL are refused wherever a password is set")
struct PasswordCharacterTests {
    @Test("bcrypt would read only up to the NUL: a prefix must not match")
    func hasherRefusesNUL() async throws {
        let hasher = PasswordHasher()
        let hash = await hasher.hash("Zq9-long-enough-password")
        #expect(try await hasher.verify("Zq9-long-enough-password", against: hash))
        let truncated = await hasher.hash("\u{0}Zq9-long-enough-password")
        #expect(!(try await hasher.verify("\u{0}", against: truncated)))
        #expect(!(try await hasher.verify("\u{0}anything", against: truncated)))
    }

    @Test("Sign-up refuses a password with a NUL with Clerk's invalid-value error")
    func signUpRefuses() async throws {
        try await withServer { server in
            for password in ["password\u{0}123", "\u{0}Zq9-long-enough-password", "vivid-otter\u{1B}[2J"] {
                let device = server.client()
                let answer = try await device.signUp([("email_address", Fixture.email()), ("password", password)])
                expectError(answer, status: 422, code: "form_param_value_invalid", param: "password")
                #expect(device.token == nil, "nothing was created")
            }
        }
    }

    @Test("Seeding refuses it too, over HTTP and in Swift")
    func seedRefuses() async throws {
        try await withServer { server in
            await #expect(throws: LocalServerError.self) {
                try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: "\u{0}Zq9-long-enough-password"))
            }
            let body = Data(#"{"email_address": "nul@example.com", "password": "\u0000Zq9-long-enough-password"}"#.utf8)
            let answer = try await server.client().send("POST", "/__local/admin/users", rawBody: body, contentType: "application/json")
            expectError(answer, status: 422, code: "form_param_value_invalid", param: "password")
        }
    }

    @Test("The policy refuses it for a reset as for a sign-up")
    func policy() {
        let policy = PasswordPolicy(settings: PasswordSettingsModel(enabled: true))
        #expect(policy.violation(of: "password\u{0}123")?.code == .formParamValueInvalid)
        #expect(policy.violation(of: "Zq9-long-enough-password") == nil)
    }
}
