import ClerkBackupCode
import ClerkClientTrust
import ClerkEmailCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTesting
import Testing

@testable import Clerk

/// A driver over `harness` answering from `answers`, recording events.
func makeDriver(_ harness: Harness, _ strategies: [any FactorStrategy], clientTrust: Bool = false, answers: [FlowAnswer]) throws
    -> (FlowDriver, AnswerScript, Recorder<FlowEvent>)
{
    var registry = try FactorRegistry(strategies)
    if clientTrust { try registry.registerClientTrust() }
    let script = AnswerScript(answers)
    let events = Recorder<FlowEvent>()
    let driver = FlowDriver(client: harness.client, registry: registry, answers: script, onEvent: { events.append($0) })
    return (driver, script, events)
}

let jane = "jane+clerk_test@example.com"

@Suite("Sign-in flows")
struct SignInFlowTests {
    static let done = Fixture.signIn(status: .complete, session: "sess_1")
    static let doneAnswer = Fixture.envelope(done, client: Fixture.completedClient(done))
    static let emailPrepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))

    @Test("password sign-in: one request, and no finalize request when the session is already active")
    func password() async throws {
        let harness = Harness([.respond(Self.doneAnswer)])
        let (driver, script, events) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("hunter2-Secret")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(!session.neededRequest)
        #expect(harness.requests.count == 1)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("identifier", jane), ("password", "hunter2-Secret")])
        #expect(script.questions == [.identifier(strategy: .password), .password(identifier: jane, retry: nil)])
        #expect(events.values.contains(.signInStarted(identifier: jane, strategy: .password)))
        #expect(events.values.last == .finalized(session))
    }

    @Test("a refused password is asked again without a new identifier")
    func wrongPassword() async throws {
        let harness = Harness([.respond(Fixture.error(422, .formPasswordIncorrect, param: "password")), .respond(Self.doneAnswer)])
        let (driver, script, events) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("wrong"), .password("right")])
        _ = try await driver.signIn()
        #expect(
            harness.requests.map(\.form) == [
                [FormField("identifier", jane), FormField("password", "wrong")],
                [FormField("identifier", jane), FormField("password", "right")],
            ])
        #expect(script.questions.filter { if case .identifier = $0 { true } else { false } }.count == 1)
        #expect(events.values.contains { if case .credentialRejected(let e) = $0 { e.code == .formPasswordIncorrect } else { false } })
    }

    @Test("a refused password on a kept sign-in is retried with attempt_first_factor")
    func wrongPasswordKeptSignIn() async throws {
        let waiting = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness([
            .respond(Fixture.error(422, .formPasswordIncorrect, param: "password", client: Fixture.client(signIn: waiting))),
            .respond(Self.doneAnswer),
        ])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("wrong"), .password("right")])
        _ = try await driver.signIn()
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "password"), ("password", "right")])
    }

    @Test("email code sign-in: one request to start (it sends the code), one to verify")
    func emailCode() async throws {
        let harness = Harness([.respond(Fixture.envelope(Self.emailPrepared, client: Fixture.client(signIn: Self.emailPrepared))), .respond(Self.doneAnswer)])
        let (driver, script, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 2)
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "email_code"), ("identifier", jane)])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "email_code"), ("code", "424242")])
        #expect(script.questions.last == .code(CodePrompt(stage: .firstFactor, strategy: .emailCode, sentTo: jane)))
    }

    @Test("a wrong code is asked again and re-attempted, without starting over; resend prepares again")
    func wrongCodeAndResend() async throws {
        let harness = Harness([
            .respond(Fixture.envelope(Self.emailPrepared, client: Fixture.client(signIn: Self.emailPrepared))),
            .respond(Fixture.error(422, .formCodeIncorrect, param: "code", client: Fixture.client(signIn: Self.emailPrepared))),
            .respond(Fixture.envelope(Self.emailPrepared, client: Fixture.client(signIn: Self.emailPrepared))),
            .respond(Self.doneAnswer),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("000000"), .resendCode, .code("424242")])
        _ = try await driver.signIn()
        #expect(
            harness.requests.map(\.path) == [
                "/v1/client/sign_ins", "/v1/client/sign_ins/sia_1/attempt_first_factor",
                "/v1/client/sign_ins/sia_1/prepare_first_factor", "/v1/client/sign_ins/sia_1/attempt_first_factor",
            ])
        expectRequest(
            harness.requests[2], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor", form: [("strategy", "email_code"), ("email_address_id", "idn_email")])
        guard case .code(let retryPrompt) = script.questions[2] else {
            Issue.record("expected a code question")
            return
        }
        #expect(retryPrompt.attempt == 2)
        #expect(retryPrompt.previousError?.code == .formCodeIncorrect)
        #expect(events.values.contains(.codeResent(strategy: .emailCode)))
    }

    @Test("start over at a code step asks the identifier again and starts a new sign-in")
    func startOver() async throws {
        let other = Fixture.signIn(
            id: "sia_2", status: .needsFirstFactor, identifier: "john+clerk_test@example.com",
            firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let harness = Harness([
            .respond(Fixture.envelope(Self.emailPrepared, client: Fixture.client(signIn: Self.emailPrepared))),
            .respond(Fixture.envelope(other, client: Fixture.client(signIn: other))),
            .respond(Self.doneAnswer),
        ])
        let (driver, _, events) = try makeDriver(
            harness, [EmailCodeStrategy()],
            answers: [
                .identifier(jane), .startOver, .identifier("john+clerk_test@example.com"), .code("424242"),
            ])
        _ = try await driver.signIn()
        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ins", "/v1/client/sign_ins", "/v1/client/sign_ins/sia_2/attempt_first_factor"])
        #expect(harness.requests[1].form.values(named: "identifier") == ["john+clerk_test@example.com"])
        #expect(events.values.contains(.startingOver))
    }

    @Test("phone code sign-in validates E.164 before any request, then takes two requests")
    func phoneCode() async throws {
        let prepared = Fixture.signIn(
            status: .needsFirstFactor, identifier: "+15555550100", first: [Fixture.phoneFactor],
            firstVerification: Fixture.verification(.phoneCode, next: .needsAttempt))
        let bad = Harness()
        let (badDriver, _, _) = try makeDriver(bad, [PhoneCodeStrategy()], answers: [.identifier("555-0100")])
        let error = await clerkError { try await badDriver.signIn() }
        #expect({ if case .invalidInput = error { true } else { false } }())
        #expect(bad.requests.isEmpty)

        let harness = Harness([.respond(Fixture.envelope(prepared, client: Fixture.client(signIn: prepared))), .respond(Self.doneAnswer)])
        let (driver, _, _) = try makeDriver(harness, [PhoneCodeStrategy()], answers: [.identifier("+15555550100"), .code("424242")])
        _ = try await driver.signIn()
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ins", form: [("strategy", "phone_code"), ("identifier", "+15555550100")])
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_first_factor", form: [("strategy", "phone_code"), ("code", "424242")])
    }

    @Test("a first factor that is not yet prepared is prepared with the factor's id")
    func unpreparedFirstFactor() async throws {
        let waiting = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness([
            .respond(Fixture.envelope(Self.emailPrepared, client: Fixture.client(signIn: Self.emailPrepared))),
            .respond(Self.doneAnswer),
        ])
        let (driver, _, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.code("424242")])
        _ = try await driver.drive(SignInHandle(client: harness.client, signIn: waiting))
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor", form: [("strategy", "email_code"), ("email_address_id", "idn_email")])
        #expect(harness.requests.count == 2)
    }

    @Test("MFA: the user chooses among second factors both registered and supported")
    func secondFactorChoice() async throws {
        let mfa = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor, Fixture.phoneFactor, Fixture.backupFactor])
        let harness = Harness([.respond(Fixture.envelope(mfa, client: Fixture.client(signIn: mfa))), .respond(Self.doneAnswer)])
        let (driver, script, events) = try makeDriver(
            harness, [PasswordStrategy(), TOTPStrategy(), BackupCodeStrategy()],
            answers: [
                .identifier(jane), .password("pw"), .secondFactor(.backupCode), .code("abcd-efgh"),
            ])
        _ = try await driver.signIn()
        #expect(script.questions[2] == .chooseSecondFactor(options: [.totp, .backupCode]))
        #expect(harness.requests.count == 2)
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "backup_code"), ("code", "abcd-efgh")])
        #expect(events.values.contains(.factorChosen(strategy: .backupCode, stage: .secondFactor)))
    }

    @Test("MFA with one fitting strategy asks no choice; TOTP needs no prepare")
    func totp() async throws {
        let mfa = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor, Fixture.phoneFactor])
        let harness = Harness([.respond(Fixture.envelope(mfa, client: Fixture.client(signIn: mfa))), .respond(Self.doneAnswer)])
        let (driver, script, _) = try makeDriver(
            harness, [PasswordStrategy(), TOTPStrategy()], answers: [.identifier(jane), .password("pw"), .code("123456")])
        _ = try await driver.signIn()
        #expect(script.questions.count == 3)
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "totp"), ("code", "123456")])
    }

    @Test("MFA by phone code prepares the second factor with its phone_number_id")
    func phoneSecondFactor() async throws {
        let mfa = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.phoneFactor])
        let harness = Harness([
            .respond(Fixture.envelope(mfa, client: Fixture.client(signIn: mfa))),
            .respond(Fixture.envelope(mfa, client: Fixture.client(signIn: mfa))),
            .respond(Self.doneAnswer),
        ])
        let (driver, _, _) = try makeDriver(
            harness, [PasswordStrategy(), PhoneCodeStrategy()], answers: [.identifier(jane), .password("pw"), .code("424242")])
        _ = try await driver.signIn()
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_second_factor", form: [("strategy", "phone_code"), ("phone_number_id", "idn_phone")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "phone_code"), ("code", "424242")])
    }

    @Test("client trust is answered with an email code through the second-factor endpoints")
    func clientTrustEmail() async throws {
        let trust = Fixture.signIn(status: .needsClientTrust, second: [Fixture.phoneFactor, Fixture.emailFactor])
        let created = Fixture.session("sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(trust, client: Fixture.client(signIn: trust))),
            .respond(Fixture.envelope(trust, client: Fixture.client(signIn: trust))),
            .respond(Fixture.envelope(Self.done, client: Fixture.client(signIn: Self.done, sessions: [created]))),
            .respond(Fixture.envelope(created, client: Fixture.client(sessions: [created], lastActive: "sess_1"))),
        ])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], clientTrust: true, answers: [.identifier(jane), .password("pw"), .code("424242")])
        let session = try await driver.signIn()
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_second_factor",
            form: [("strategy", "email_code"), ("email_address_id", "idn_email")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "email_code"), ("code", "424242")])
        expectRequest(harness.requests[3], .post, "/v1/client/sessions/sess_1/touch", form: [])
        #expect(session.neededRequest)
    }

    @Test("client trust falls back to a phone code when the sign-in offers no email")
    func clientTrustPhone() async throws {
        let trust = Fixture.signIn(status: .needsClientTrust, second: [Fixture.phoneFactor])
        let harness = Harness([
            .respond(Fixture.envelope(trust, client: Fixture.client(signIn: trust))),
            .respond(Fixture.envelope(trust, client: Fixture.client(signIn: trust))),
            .respond(Self.doneAnswer),
        ])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], clientTrust: true, answers: [.identifier(jane), .password("pw"), .code("424242")])
        _ = try await driver.signIn()
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_second_factor", form: [("strategy", "phone_code"), ("phone_number_id", "idn_phone")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor", form: [("strategy", "phone_code"), ("code", "424242")])
    }

    @Test("a status no registered strategy can answer is a clear flow error")
    func noStrategy() async throws {
        let trust = Fixture.signIn(status: .needsClientTrust, second: [Fixture.emailFactor])
        let harness = Harness([.respond(Fixture.envelope(trust, client: Fixture.client(signIn: trust)))])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy(), EmailCodeStrategy()], answers: [.identifier(jane), .password("pw")])
        let error = await clerkError { try await driver.signIn() }
        #expect(error == .flow(.noApplicableStrategy(stage: .clientTrust, supported: [.emailCode])))
        #expect(harness.requests.count == 1)

        let empty = Harness()
        let (noStarter, _, _) = try makeDriver(empty, [TOTPStrategy()], answers: [])
        #expect(await clerkError { try await noStarter.signIn() } == .flow(.noApplicableStrategy(stage: .firstFactor, supported: [])))
    }

    @Test("statuses the SDK does not drive are reported, not looped on")
    func unsupportedStatus() async throws {
        let odd = Fixture.signIn(status: .needsProtectCheck)
        let harness = Harness([.respond(Fixture.envelope(odd, client: Fixture.client(signIn: odd)))])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("pw")])
        #expect(await clerkError { try await driver.signIn() } == .flow(.unsupportedStatus("needs_protect_check")))
    }

    @Test("needs_new_password asks a new password and resets it")
    func newPassword() async throws {
        let reset = Fixture.signIn(status: .needsNewPassword)
        let harness = Harness([.respond(Fixture.envelope(reset, client: Fixture.client(signIn: reset))), .respond(Self.doneAnswer)])
        let (driver, script, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("old"), .password("n3w-Password!")])
        _ = try await driver.signIn()
        #expect(script.questions.last == .newPassword(retry: nil))
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ins/sia_1/reset_password", form: [("password", "n3w-Password!")])
    }

    @Test("session tasks are surfaced as an event and on the session")
    func tasks() async throws {
        let pending = Fixture.session(status: .pending, tasks: [.setupMFA])
        let harness = Harness([.respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done, session: pending)))])
        let (driver, _, events) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("pw")])
        let session = try await driver.signIn()
        #expect(session.currentTask?.key == .setupMFA)
        #expect(events.values.last == .sessionTasks([.setupMFA]))
    }

    @Test("a wrong kind of answer is a flow error; a throwing provider ends the flow")
    func badAnswers() async throws {
        let harness = Harness()
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.code("1")])
        #expect(await clerkError { try await driver.signIn() } == .flow(.unexpectedAnswer(question: "identifier (for password)", answer: "code <redacted>")))
        let (exhausted, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [])
        #expect(await clerkError { try await exhausted.signIn() } == .flow(.answerProviderFailed("OutOfAnswers")))
        let cancelling = FlowDriver(client: harness.client, registry: try FactorRegistry([PasswordStrategy()])) { _ in throw CancellationError() }
        #expect(await clerkError { try await cancelling.signIn() } == .cancelled)
        #expect(harness.requests.isEmpty)
    }

    @Test("resume continues the client's current sign-in")
    func resume() async throws {
        let mfa = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor])
        let clientAnswer = ScriptedTransport.Step.respond(Fixture.envelope(Optional(Fixture.client(signIn: mfa)), client: nil))
        let harness = Harness([clientAnswer, clientAnswer, .respond(Self.doneAnswer)])
        try await harness.client.refresh()
        let (driver, _, _) = try makeDriver(harness, [TOTPStrategy()], answers: [.code("123456")])
        let session = try await driver.resume()
        #expect(session.id == "sess_1")
        // The client is read first: the state may have moved on since the last answer.
        #expect(harness.requests.map(\.path) == ["/v1/client", "/v1/client", "/v1/client/sign_ins/sia_1/attempt_second_factor"])
        let (nothing, _, _) = try makeDriver(
            Harness([.respond(Fixture.envelope(Optional<ClientResource>.none, client: nil))]), [TOTPStrategy()], answers: [])
        #expect(await clerkError { try await nothing.resume() } == .flow(.noCurrentAttempt))
    }
}
