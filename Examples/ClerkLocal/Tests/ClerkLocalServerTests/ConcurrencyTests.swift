import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("State under concurrency")
struct ConcurrencyTests {
    @Test("Thirty sign-ups at once all complete, each with its own user and session")
    func manyFlows() async throws {
        try await withServer(SettingsPreset.phoneCode.settings, mode: .socket) { server in
            let phones = (0..<30).map { "+1201555\(String(format: "%04d", 100 + $0))" }
            let sessions = try await withThrowingTaskGroup(of: String.self) { group in
                for phone in phones {
                    group.addTask {
                        let device = server.client()
                        let created = try await device.signUp([("phone_number", phone)]).signUp
                        try await device.signUpAction(created.id, "prepare_verification", [("strategy", "phone_code")])
                        let done = try await device.signUpAction(created.id, "attempt_verification", [("strategy", "phone_code"), ("code", "424242")]).signUp
                        return done.createdSessionID ?? "missing"
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(Set(sessions).count == 30)
            #expect(!sessions.contains("missing"))
            let users = try await server.client().send("GET", "/__local/admin/users")
            #expect((users.json["users"] as? [Any])?.count == 30)
        }
    }

    @Test("Ten sign-ups racing for one email: exactly one gets it")
    func raceForOneEmail() async throws {
        try await withServer(SettingsPreset.emailCode.settings, mode: .socket) { server in
            let email = Fixture.testEmail("race")
            let statuses = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        let device = server.client()
                        let created = try await device.signUp([("email_address", email)])
                        guard created.status == 200 else { return created.error?.code.rawValue ?? "?" }
                        let id = try created.signUp.id
                        try await device.signUpAction(id, "prepare_verification", [("strategy", "email_code")])
                        let done = try await device.signUpAction(id, "attempt_verification", [("strategy", "email_code"), ("code", "424242")])
                        return done.status == 200 ? "complete" : (done.error?.code.rawValue ?? "?")
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == "complete" }.count == 1)
            #expect(statuses.filter { $0 == "form_identifier_exists" }.count == 9)
        }
    }
}
