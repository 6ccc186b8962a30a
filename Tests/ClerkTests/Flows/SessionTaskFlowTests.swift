import ClerkBackupCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTesting
import Testing

@testable import Clerk

@Suite("Session tasks: setup-mfa and reset-password")
struct SessionTaskFlowTests {
    static let done = Fixture.signIn(status: .complete, session: "sess_1")
    static let pendingMFA = Fixture.session(status: .pending, tasks: [.setupMFA])
    static let active = Fixture.session()

    /// An answer whose client lists the completed sign-in and `session` as last active.
    static func with<R: Codable & Sendable & Hashable>(_ response: R, _ session: Session) -> TransportResponse {
        Fixture.envelope(response, client: Fixture.completedClient(done, session: session))
    }

    static let signedInPending = with(done, pendingMFA)

    @Test("setup-mfa with an authenticator app: enrol, show secret and URI, first code, backup codes; no touch needed")
    func authenticatorApp() async throws {
        let harness = Harness([
            .respond(Self.signedInPending),
            .respond(Self.with(Fixture.totp(verified: false), Self.pendingMFA)),
            .respond(Fixture.error(422, .formCodeIncorrect, param: "code", client: Fixture.completedClient(Self.done, session: Self.pendingMFA))),
            .respond(Self.with(Fixture.totp(verified: true, backupCodes: Fixture.backupCodes), Self.active)),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [PasswordStrategy(), TOTPStrategy(), BackupCodeStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .acknowledged,
                .code("000000"), .code("000000"), .code("123456"), .acknowledged,
            ])
        let session = try await driver.signIn()
        #expect(session.status == .active)
        #expect(session.tasks.isEmpty)
        #expect(!session.neededRequest)

        let sent = harness.requests
        #expect(sent.count == 4)
        expectRequest(sent[1], .post, "/v1/me/totp", form: [], sessionID: "sess_1")
        expectRequest(sent[2], .post, "/v1/me/totp/attempt_verification", form: [("code", "000000")], sessionID: "sess_1")
        expectRequest(sent[3], .post, "/v1/me/totp/attempt_verification", form: [("code", "123456")], sessionID: "sess_1")

        let enrollment = AuthenticatorEnrollment(id: "totp_1", secret: SecretString(Fixture.totpSecret), uri: SecretString(Fixture.totpURI))
        let prompt = CodePrompt(stage: .secondFactorSetup, strategy: .totp)
        #expect(Array(script.questions.dropFirst(2)).count == 5)
        #expect(script.questions[2] == .authenticatorAppSetup(enrollment))
        #expect(script.questions[3] == .code(prompt))
        #expect(script.questions.last == .backupCodes(BackupCodeList(revealed: Fixture.backupCodes)))
        guard case .authenticatorAppSetup(let shown) = script.questions[2] else { return }
        #expect(shown.uri.revealed.hasPrefix("otpauth://totp/"))

        let all = events.values
        #expect(all.contains(.sessionTasks([.setupMFA])))
        #expect(all.contains(.sessionTaskStarted(.setupMFA)))
        #expect(all.contains(.factorChosen(strategy: .totp, stage: .secondFactorSetup)))
        #expect(all.contains(.refusedAnswerRepeated))
        #expect(all.contains(.secondFactorEnabled(.totp, backupCodes: 3)))
        #expect(all.contains(.sessionTaskCompleted(.setupMFA)))
        #expect(all.last == .finalized(session))
        let transcript = all.map(\.description).joined(separator: "\n") + script.questions.map(\.description).joined(separator: "\n")
        #expect(!transcript.contains(Fixture.totpSecret) && !transcript.contains("otpauth"))
        for code in Fixture.backupCodes { #expect(!transcript.contains(code)) }
    }

    @Test("setup-mfa by text message: choose among the registered methods, add, verify and reserve the number")
    func phone() async throws {
        let pending = Fixture.session(status: .pending, tasks: [.setupMFA], user: Fixture.user())
        let harness = Harness([
            .respond(Self.with(Self.done, pending)),
            .respond(Self.with(Fixture.phone(verified: false), pending)),
            .respond(Self.with(Fixture.phone(verified: false), pending)),
            .respond(Self.with(Fixture.phone(verified: true), pending)),
            .respond(Self.with(Fixture.phone(verified: true, reserved: true, isDefault: true), Self.active)),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [PasswordStrategy(), TOTPStrategy(), PhoneCodeStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .secondFactor(.phoneCode), .phoneNumber("+15555550123"), .code("424242"),
            ])
        let session = try await driver.signIn()
        #expect(session.status == .active)
        let sent = harness.requests
        #expect(sent.count == 5)
        expectRequest(sent[1], .post, "/v1/me/phone_numbers", form: [("phone_number", "+15555550123")], sessionID: "sess_1")
        expectRequest(sent[2], .post, "/v1/me/phone_numbers/idn_phone2/prepare_verification", form: [("strategy", "phone_code")], sessionID: "sess_1")
        expectRequest(sent[3], .post, "/v1/me/phone_numbers/idn_phone2/attempt_verification", form: [("code", "424242")], sessionID: "sess_1")
        expectRequest(sent[4], .patch, "/v1/me/phone_numbers/idn_phone2", form: [("reserved_for_second_factor", "true")], sessionID: "sess_1")
        #expect(
            Array(script.questions.dropFirst(2)) == [
                .chooseSecondFactorSetup(options: [.totp, .phoneCode]),
                .phoneNumberForSecondFactor(verified: []),
                .code(CodePrompt(stage: .secondFactorSetup, strategy: .phoneCode, sentTo: "+15555550123")),
            ])
        #expect(events.values.contains(.secondFactorEnabled(.phoneCode, backupCodes: 0)))
    }

    @Test("a number the user already verified is reserved at once; without the user in the state, it is read")
    func verifiedPhone() async throws {
        let pending = Fixture.session(status: .pending, tasks: [.setupMFA])
        let harness = Harness([
            .respond(Self.with(Self.done, pending)),
            .respond(TransportResponse(status: 200, json: Fixture.json([Fixture.phone(verified: true)]))),
            .respond(Self.with(Fixture.phone(verified: true, reserved: true, backupCodes: Fixture.backupCodes), Self.active)),
        ])
        let (driver, script, _) = try makeDriver(
            harness, [PasswordStrategy(), PhoneCodeStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .phoneNumber("+15555550123"), .acknowledged,
            ])
        _ = try await driver.signIn()
        expectRequest(harness.requests[1], .get, "/v1/me/phone_numbers", sessionID: "sess_1")
        expectRequest(harness.requests[2], .patch, "/v1/me/phone_numbers/idn_phone2", form: [("reserved_for_second_factor", "true")], sessionID: "sess_1")
        #expect(script.questions[2] == .phoneNumberForSecondFactor(verified: ["+15555550123"]))
        #expect(script.questions.last == .backupCodes(BackupCodeList(revealed: Fixture.backupCodes)))
    }

    @Test("a phone number not in E.164 ends the task with invalidInput before any account request")
    func badPhone() async throws {
        let pending = Fixture.session(status: .pending, tasks: [.setupMFA], user: Fixture.user())
        let harness = Harness([.respond(Self.with(Self.done, pending))])
        let (driver, _, _) = try makeDriver(
            harness, [PasswordStrategy(), PhoneCodeStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .phoneNumber("555-0123"),
            ])
        let error = await clerkError { try await driver.signIn() }
        guard case .invalidInput = error else {
            Issue.record("expected invalidInput, got \(String(describing: error))")
            return
        }
        #expect(harness.requests.count == 1)
    }

    @Test("when the answers still show the task, a touch asks the session; it then is active")
    func touchAfterTask() async throws {
        let harness = Harness([
            .respond(Self.signedInPending),
            .respond(Self.with(Fixture.totp(verified: false), Self.pendingMFA)),
            .respond(Self.with(Fixture.totp(verified: true), Self.pendingMFA)),
            .respond(Self.with(Self.active, Self.active)),
        ])
        let (driver, _, _) = try makeDriver(
            harness, [PasswordStrategy(), TOTPStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .acknowledged, .code("123456"),
            ])
        let session = try await driver.signIn()
        #expect(session.status == .active)
        #expect(session.neededRequest)
        expectRequest(harness.requests[3], .post, "/v1/client/sessions/sess_1/touch", form: [])
    }

    @Test("a task the API still lists after a touch stops the flow with a typed error")
    func taskStillOpen() async throws {
        let harness = Harness([
            .respond(Self.signedInPending),
            .respond(Self.with(Fixture.totp(verified: false), Self.pendingMFA)),
            .respond(Self.with(Fixture.totp(verified: true), Self.pendingMFA)),
            .respond(Self.with(Self.pendingMFA, Self.pendingMFA)),
        ])
        let (driver, _, _) = try makeDriver(
            harness, [PasswordStrategy(), TOTPStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .acknowledged, .code("123456"),
            ])
        let error = await clerkError { try await driver.signIn() }
        guard case .flow(.unsupportedStatus(let status)) = error else {
            Issue.record("expected unsupportedStatus, got \(String(describing: error))")
            return
        }
        #expect(status.contains("setup-mfa"))
        #expect(harness.requests.count == 4)
    }

    @Test("reset-password task: the new password through change_password, a weak one asked again")
    func resetPasswordTask() async throws {
        let pending = Fixture.session(status: .pending, tasks: [.resetPassword])
        let harness = Harness([
            .respond(Self.with(Self.done, pending)),
            .respond(Fixture.error(422, .formPasswordPwned, param: "new_password")),
            .respond(Self.with(Fixture.user(), Self.active)),
        ])
        var (driver, script, events) = try makeDriver(
            harness, [PasswordStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .password("password123"), .password("a-new-Secret-42"),
            ])
        driver.signOutOfOtherSessions = true
        let session = try await driver.signIn()
        #expect(session.status == .active)
        expectRequest(
            harness.requests[2], .post, "/v1/me/change_password",
            form: [("new_password", "a-new-Secret-42"), ("sign_out_of_other_sessions", "true")], sessionID: "sess_1")
        #expect(script.questions[2] == .newPassword(retry: nil))
        #expect(script.questions.contains { if case .newPassword(let retry) = $0 { retry?.code == .formPasswordPwned } else { false } })
        #expect(events.values.contains(.passwordChanged))
        #expect(events.values.contains(.sessionTaskCompleted(.resetPassword)))
    }

    @Test("a sign-up ending in a pending session resolves its setup-mfa task too")
    func signUp() async throws {
        let complete = Fixture.signUp(status: .complete, session: "sess_1")
        let pendingClient = Fixture.client(signUp: complete, sessions: [Self.pendingMFA], lastActive: "sess_1")
        let activeClient = Fixture.client(sessions: [Self.active], lastActive: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(complete, client: pendingClient)),
            .respond(Fixture.envelope(Fixture.totp(verified: false), client: pendingClient)),
            .respond(Fixture.envelope(Fixture.totp(verified: true), client: activeClient)),
        ])
        let (driver, _, _) = try makeDriver(harness, [TOTPStrategy()], answers: [.acknowledged, .code("123456")])
        let session = try await driver.signUp(SignUpDetails(emailAddress: jane, password: "a-long-Secret-42"))
        #expect(session.status == .active)
        #expect(harness.requests.count == 3)
    }

    @Test("no registered method can set up a second factor: the session is returned pending for the app, no account request")
    func noMethod() async throws {
        let harness = Harness([.respond(Self.signedInPending)])
        let (driver, script, events) = try makeDriver(
            harness, [PasswordStrategy(), BackupCodeStrategy()], answers: [.identifier(jane), .password("a-long-Secret-42")])
        let session = try await driver.signIn()
        #expect(session.currentTask?.key == .setupMFA)
        #expect(harness.requests.count == 1)
        #expect(script.questions.count == 2)
        #expect(events.values.last == .sessionTasks([.setupMFA]))
    }

    @Test("start over at a task signs out of the pending session, then asks again")
    func startOver() async throws {
        let removed = Fixture.client(sessions: [], lastActive: nil)
        let activeDone = Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))
        let harness = Harness([
            .respond(Self.signedInPending),
            .respond(Self.with(Fixture.totp(verified: false), Self.pendingMFA)),
            .respond(Fixture.envelope(Fixture.session(status: .removed), client: removed)),
            .respond(activeDone),
        ])
        let (driver, script, _) = try makeDriver(
            harness, [PasswordStrategy(), TOTPStrategy()],
            answers: [
                .identifier(jane), .password("a-long-Secret-42"), .startOver, .identifier(jane), .password("a-long-Secret-42"),
            ])
        let session = try await driver.signIn()
        #expect(session.status == .active)
        expectRequest(harness.requests[2], .post, "/v1/client/sessions/sess_1/remove")
        #expect(script.questions.filter { if case .identifier = $0 { true } else { false } }.count == 2)
    }

    @Test("a task the driver does not resolve (setup-mfa without a strategy to set up) leaves the session pending, reported, with no request")
    func unresolvedTask() async throws {
        let harness = Harness([.respond(Self.signedInPending)])
        let (driver, _, events) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("a-long-Secret-42")])
        let session = try await driver.signIn()
        #expect(session.status == .pending)
        #expect(harness.requests.count == 1)
        #expect(events.values.last == .sessionTasks([.setupMFA]))
    }
}
