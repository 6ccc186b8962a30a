import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

extension SpecValidationTests {
    /// Answers of the re-verification operations and their refusals, for the spec validation: each
    /// level, each first and second factor, and the 403 of a change that needs re-verifying.
    static func reverificationAnswers() async throws -> [FAPIClient.Record] {
        let clock = ManualClock(now: Date())
        return try await withServer(reverificationSettings, now: { clock.now() }) { server in
            let email = Fixture.email()
            let phone = "+14155556144"
            let user = try await server.seedUser(
                SeedUser(
                    emailAddress: email, phoneNumber: phone, password: Fixture.password, generateTOTPSecret: true, generateBackupCodes: true,
                    phoneSecondFactor: true))
            let device = server.client()
            let session = try await device.signInWithPassword(user, at: clock.now())
            clock.advance(by: .seconds(601))
            try await device.me(
                "POST", "/change_password", session: session, form: [("current_password", Fixture.password), ("new_password", "a-fresh-Secret-77")],
                operation: "changePassword")

            let start = "startSessionReverification"
            let prepareFirst = "prepareSessionReverificationFirstFactor"
            let attemptFirst = "attemptSessionReverificationFirstFactor"
            try await device.reverify(session, "/prepare_first_factor", [("strategy", "email_code")], operation: prepareFirst)
            try await device.reverify(session, "", [("level", "multi_factor")], operation: start)
            try await device.reverify(
                session, "/attempt_first_factor", [("strategy", "password"), ("password", "not-the-password-9")], operation: attemptFirst)
            try await device.reverify(session, "/prepare_first_factor", [("strategy", "email_code")], operation: prepareFirst)
            let code = try #require(server.latestCode(to: email))
            try await device.reverify(session, "/attempt_first_factor", [("strategy", "email_code"), ("code", wrongCode(than: code))], operation: attemptFirst)
            try await device.reverify(session, "/attempt_first_factor", [("strategy", "email_code"), ("code", code)], operation: attemptFirst)

            try await device.reverify(
                session, "/prepare_second_factor", [("strategy", "phone_code")], operation: "prepareSessionReverificationSecondFactor")
            let sms = try #require(server.latestCode(to: phone))
            try await device.reverify(
                session, "/attempt_second_factor", [("strategy", "phone_code"), ("code", sms)], operation: "attemptSessionReverificationSecondFactor")
            try await device.reverify(session, "", [("level", "second_factor")], operation: start)
            try await device.reverify(
                session, "/attempt_second_factor", [("strategy", "backup_code"), ("code", "not-a-backup-code")],
                operation: "attemptSessionReverificationSecondFactor")
            try await device.reverify(
                session, "/attempt_second_factor", [("strategy", "backup_code"), ("code", try #require(user.backupCodes?.first))],
                operation: "attemptSessionReverificationSecondFactor")
            try await device.reverify(session, "", [("level", "first_factor")], operation: start)
            try await device.reverify(session, "/attempt_first_factor", [("strategy", "password"), ("password", Fixture.password)], operation: attemptFirst)
            return device.recorded
        }
    }
}
