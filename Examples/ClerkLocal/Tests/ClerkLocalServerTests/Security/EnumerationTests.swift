import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Security: answers for existing and missing identifiers are indistinguishable")
struct EnumerationTests {
    /// The email identification id shown by a new sign-in for `email`, from a fresh device.
    private func shownID(_ server: TestServer, _ email: String, _ extra: [(String, String)]) async throws -> String {
        let answer = try await server.client().signIn([("identifier", email)] + extra)
        #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
        let factor = try #require(try answer.signIn.supportedFirstFactors?.first { $0.strategy == .emailCode })
        return try #require(factor.emailAddressID)
    }

    @Test("Identification ids: fresh for every sign-in, existing account or not", arguments: [true, false])
    func identificationIDs(signUpIfMissing: Bool) async throws {
        var settings = SettingsPreset.signInOrUp.settings
        settings.enumerationProtection = !signUpIfMissing
        let extra = signUpIfMissing ? [("sign_up_if_missing", "true")] : []
        try await withServer(settings) { server in
            let existing = Fixture.email("known")
            let seeded = try await server.seedUser(SeedUser(emailAddress: existing))
            for email in [existing, Fixture.email("missing")] {
                let first = try await shownID(server, email, extra)
                let second = try await shownID(server, email, extra)
                #expect(first != second)
                #expect(first != seeded.emailAddressID && second != seeded.emailAddressID)
            }
        }
    }

    @Test("A locked account answers as a missing one until its code is verified")
    func lockConcealed() async throws {
        var settings = SettingsPreset.signInOrUp.settings
        settings.clientTrust = false
        settings.lockout = LockoutSettings(maxAttempts: 2, durationSeconds: 600)
        try await withServer(settings) { server in
            let existing = Fixture.email("locked")
            _ = try await server.seedUser(SeedUser(emailAddress: existing, password: Fixture.password))
            _ = try await server.client().signIn([("identifier", existing), ("password", "not-the-password-1")])
            let locked = try await server.client().signIn([("identifier", existing), ("password", "not-the-password-2")])
            expectError(locked, status: 403, code: "user_locked")

            var wrongCodeAnswers: [String?] = []
            for email in [existing, Fixture.email("missing")] {
                let device = server.client()
                let created = try await device.signIn([("identifier", email), ("sign_up_if_missing", "true")])
                #expect(created.status == 200, "\(String(decoding: created.data, as: UTF8.self))")
                let signIn = try created.signIn
                let prepared = try await device.signInAction(signIn.id, "prepare_first_factor", [("strategy", "email_code")])
                #expect(prepared.status == 200)
                let code = try #require(server.latestCode(to: email))
                let wrong = code == "000000" ? "111111" : "000000"
                let attempt = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", wrong)])
                wrongCodeAnswers.append(attempt.error?.code.rawValue)
                if email == existing {
                    let proven = try await device.signInAction(signIn.id, "attempt_first_factor", [("strategy", "email_code"), ("code", code)])
                    expectError(proven, status: 403, code: "user_locked")
                }
            }
            #expect(wrongCodeAnswers == ["form_code_incorrect", "form_code_incorrect"])
        }
    }

    @Test("With enumeration protection a lock shows only to the right password")
    func lockConcealedOnPasswordPath() async throws {
        var settings = SettingsPreset.emailPassword.settings
        settings.enumerationProtection = true
        settings.clientTrust = false
        settings.lockout = LockoutSettings(maxAttempts: 2, durationSeconds: 600)
        try await withServer(settings) { server in
            let existing = Fixture.email("locked")
            _ = try await server.seedUser(SeedUser(emailAddress: existing, password: Fixture.password))
            var answers: [String?] = []
            for attempt in 1...3 {
                let wrong = try await server.client().signIn([("identifier", existing), ("password", "not-the-password-\(attempt)")])
                answers.append(wrong.error?.code.rawValue)
            }
            #expect(answers == Array(repeating: "form_password_incorrect", count: 3))
            let right = try await server.client().signIn([("identifier", existing), ("password", Fixture.password)])
            expectError(right, status: 403, code: "user_locked")
        }
    }
}
