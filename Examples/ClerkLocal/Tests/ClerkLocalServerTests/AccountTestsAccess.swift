import ClerkAPI
import ClerkTesting
import Foundation
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

@Suite("Account: which session a call acts for, and no secrets anywhere")
struct AccountAccessTests {
    @Test("Calls without a client or session, with an ended one, or with another client's session id are refused and change nothing")
    func sessionScoping() async throws {
        try await withServer(SettingsPreset.mfa.settings) { server in
            let alice = server.client()
            let aliceAccount = try await signedUpAccount(server, alice)
            let bob = server.client()
            let bobAccount = try await signedUpAccount(server, bob, email: Fixture.email("bob"))

            let anonymous = try await server.client().me("GET", session: aliceAccount.sessionID)
            expectError(anonymous, status: 401, code: "authentication_invalid")

            for (method, path, form) in [
                ("GET", "", [(String, String)]()), ("POST", "/totp", []), ("POST", "/backup_codes", []),
                ("POST", "/change_password", [("current_password", Fixture.password), ("new_password", "a-fresh-Secret-77")]),
                ("POST", "/phone_numbers", [("phone_number", "+14155556123")]),
            ] {
                let foreign = try await alice.me(method, path, session: bobAccount.sessionID, form: form)
                expectError(foreign, status: 404, code: "resource_not_found", param: "_clerk_session_id")
            }
            let bobUser = try await bob.me("GET", session: bobAccount.sessionID).response(User.self)
            #expect(bobUser.phoneNumbers.isEmpty && !bobUser.totpEnabled)
            #expect(
                try await server.client().signIn([("identifier", bobAccount.email), ("password", Fixture.password)]).status == 200,
                "Bob's password is unchanged")

            // Without `_clerk_session_id` the client's last active session is meant.
            let implicit = try await alice.me("GET", session: nil).response(User.self)
            #expect(implicit.emailAddresses.first?.emailAddress == aliceAccount.email)

            try await alice.send("POST", "/v1/client/sessions/\(aliceAccount.sessionID)/end")
            let ended = try await alice.me("POST", "/totp", session: aliceAccount.sessionID)
            expectError(ended, status: 401, code: "authentication_invalid", param: "_clerk_session_id")
            let none = try await alice.me("GET", session: nil)
            expectError(none, status: 401, code: "authentication_invalid")
        }
    }

    @Test("No secret, code or password of the account API in the request log, a description or a dump")
    func noSecretsInLogsOrDumps() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        let lines = NIOLockedValueBox<[String]>([])
        let logger = Logger(label: "account-test") { _ in CapturingLogHandler(lines: lines) }
        let core = try await LocalFrontendAPI.makeCore(settings: SettingsPreset.mfa.settings, now: { clock.now() }, printsOutbox: false)
        core.baseURL = "http://localhost"
        let application = LocalFrontendAPI.buildApplication(core: core, requestLogger: logger)
        try await application.test(.router) { client in
            let server = TestServer(core: core, connection: .testClient(client))
            let device = server.client()
            let account = try await signedUpAccount(server, device)
            var secrets = [Fixture.password, "a-fresh-Secret-77"]

            let enrolment = try await device.me("POST", "/totp", session: account.sessionID).response(TOTPResource.self)
            let secret = try #require(enrolment.secret)
            secrets += [secret, try #require(enrolment.uri)]
            let code = try #require(LocalTOTP(base32Secret: secret)).code(at: clock.now())
            let verified = try await device.me("POST", "/totp/attempt_verification", session: account.sessionID, form: [("code", code)]).response(
                TOTPResource.self)
            secrets += verified.backupCodes ?? []
            secrets += try await device.me("POST", "/backup_codes", session: account.sessionID).response(BackupCodesResource.self).codes
            try await device.me(
                "POST", "/change_password", session: account.sessionID,
                form: [("current_password", Fixture.password), ("new_password", "a-fresh-Secret-77")])
            let phone = try await device.me("POST", "/phone_numbers", session: account.sessionID, form: [("phone_number", "+14155556123")]).response(
                PhoneNumber.self)
            try await device.me("POST", "/phone_numbers/\(phone.id)/prepare_verification", session: account.sessionID, form: [("strategy", "phone_code")])
            secrets.append(try #require(server.latestCode(to: "+14155556123")))

            let user = try #require(await core.store.users.values.first)
            var dumped = ""
            dump(user, to: &dumped)
            let pending = PendingTOTP(id: "totp_1", secret: secret, createdAt: Date())
            dump(pending, to: &dumped)
            dump(
                TOTPEnrollment(
                    id: "totp_1", secret: secret, uri: enrolment.uri, verified: false, backupCodes: verified.backupCodes, createdAt: Date(), updatedAt: Date()),
                to: &dumped)
            let texts =
                lines.withLockedValue { $0 } + [
                    dumped, String(describing: user), String(describing: pending), String(describing: enrolment), String(describing: verified),
                ]
            #expect(lines.withLockedValue { $0 }.contains { $0.contains("/v1/me/totp") }, "the log has the account requests")
            for text in texts {
                for value in secrets {
                    #expect(!text.contains(value), "a secret in: \(text.prefix(120))")
                }
            }
        }
    }
}

/// Keeps every log line with its metadata.
struct CapturingLogHandler: LogHandler {
    let lines: NIOLockedValueBox<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.withLockedValue { $0.append("\(event.message) \(event.metadata ?? [:]) \(metadata)") }
    }
}
