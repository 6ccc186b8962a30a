import ClerkEmailCode
import ClerkPassword
import ClerkTOTP
import ClerkTesting
import ClerkTransfer
import Foundation
import Testing

@testable import Clerk

/// Each step of the documented flows, hit by each fault: the step either succeeds or throws the
/// right typed error, the local state stays as the last good answer left it, and no attempt is
/// sent twice. Lost answers (the request may have been applied) and 429s have their own tests below.
@Suite("Fault injection")
struct FaultInjectionTests {
    enum Fault: String, CaseIterable, Sendable {
        case timeout, reset, truncated, notJSON, html, serverError, tooMany, emptyBody, cancelled

        var step: ScriptedTransport.Step {
            switch self {
            case .timeout: .fail(TransportError(.timedOut))
            case .reset: .fail(TransportError(.connectionLost))
            case .truncated: .respond(TransportResponse(status: 200, json: #"{"response":{"object":"sign_in_attempt","id":"sia_1","status":"comp"#))
            case .notJSON: .respond(TransportResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("OK".utf8)))
            case .html: .respond(TransportResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<html><h1>Bad Gateway</h1></html>".utf8)))
            case .serverError: .respond(Fixture.error(500, .internalClerkError))
            case .tooMany: .respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "2"]))
            case .emptyBody: .respond(TransportResponse(status: 200, headers: [:], body: Data()))
            case .cancelled: .cancel
            }
        }

        func matches(_ error: ClerkError?) -> Bool {
            guard let error else { return false }
            switch self {
            case .timeout: return error == .transport(TransportError(.timedOut))
            case .reset: return error == .transport(TransportError(.connectionLost))
            case .truncated, .notJSON, .emptyBody: return error.undecodable?.httpStatus == 200
            case .html: return error.undecodable?.reason.contains("HTML") == true
            case .serverError: return error.code == .internalClerkError && error.httpStatus == 500
            case .tooMany: return error.code == .tooManyRequests && error.retryAfter == .seconds(2)
            case .cancelled: return error == .cancelled
            }
        }
    }

    enum FlowStep: String, CaseIterable, Sendable {
        case passwordCreate, emailCodeCreate, emailCodeAttempt, totpAttempt, transferSignUp, finalizeTouch
    }

    @Test(
        "every flow step under every fault that ends it",
        arguments: FlowStep.allCases, [Fault.truncated, .notJSON, .serverError, .emptyBody, .cancelled])
    func step(_ step: FlowStep, _ fault: Fault) async throws {
        let prepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let mfa = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor])
        let transferable = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, .transferable))
        let done = Fixture.signIn(status: .complete, session: "sess_2")
        let otherSession = Fixture.session("sess_1")

        // The answers that lead up to the faulty step.
        var before: [ScriptedTransport.Step] = []
        var strategies: [any FactorStrategy] = [PasswordStrategy()]
        var answers: [FlowAnswer] = [.identifier(jane), .password("pw")]
        var faultyPath = "/v1/client/sign_ins"
        var stateBefore: SignIn?
        switch step {
        case .passwordCreate:
            break
        case .emailCodeCreate:
            strategies = [EmailCodeStrategy()]
            answers = [.identifier(jane)]
        case .emailCodeAttempt:
            strategies = [EmailCodeStrategy()]
            answers = [.identifier(jane), .code("424242")]
            before = [.respond(Fixture.envelope(prepared, client: Fixture.client(signIn: prepared)))]
            faultyPath = "/v1/client/sign_ins/sia_1/attempt_first_factor"
            stateBefore = prepared
        case .totpAttempt:
            strategies = [PasswordStrategy(), TOTPStrategy()]
            answers = [.identifier(jane), .password("pw"), .code("123456")]
            before = [.respond(Fixture.envelope(mfa, client: Fixture.client(signIn: mfa)))]
            faultyPath = "/v1/client/sign_ins/sia_1/attempt_second_factor"
            stateBefore = mfa
        case .transferSignUp:
            strategies = [SignUpIfMissingStrategy()]
            answers = [.identifier(jane), .code("424242")]
            before = [
                .respond(Fixture.envelope(prepared, client: Fixture.client(signIn: prepared))),
                .respond(Fixture.error(404, .signUpIfMissingTransfer, client: Fixture.client(signIn: transferable))),
            ]
            faultyPath = "/v1/client/sign_ups"
            stateBefore = transferable
        case .finalizeTouch:
            before = [
                .respond(
                    Fixture.envelope(done, client: Fixture.client(signIn: done, sessions: [otherSession, Fixture.session("sess_2")], lastActive: "sess_1")))
            ]
            faultyPath = "/v1/client/sessions/sess_2/touch"
            stateBefore = done
        }
        let harness = Harness(before + [fault.step, .respond(Fixture.envelope(done, client: Fixture.completedClient(done)))])
        let (driver, _, _) = try makeDriver(harness, strategies, answers: answers)
        let error = await clerkError { try await driver.signIn() }

        #expect(fault.matches(error), "\(step) / \(fault): \(String(describing: error))")
        #expect(harness.sleeper.delays.isEmpty)
        // Nothing after the fault was sent, and the faulty request went out exactly once.
        #expect(harness.requests.count == before.count + 1)
        #expect(harness.requests.filter { $0.path == faultyPath }.count == 1)
        #expect(harness.requests.last?.path == faultyPath)
        // The local state is what the last good answer said.
        #expect(await harness.client.client?.signIn == stateBefore)
        #expect(await harness.client.lastActiveSessionID == (step == .finalizeTouch ? "sess_1" : nil))
    }

    // MARK: Lost answers: the server's state decides, nothing is sent twice blind

    static let prepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
    static let done = Fixture.signIn(status: .complete, session: "sess_1")
    static let lost = ScriptedTransport.Step.fail(TransportError(.connectionLost))

    @Test("an attempt whose answer is lost after the server applied it: the sign-in is read, and the flow finishes")
    func attemptAppliedAnswerLost() async throws {
        let harness = Harness([
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            Self.lost,
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, script, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(
            harness.requests.map { "\($0.method.rawValue) \($0.path)" } == [
                "POST /v1/client/sign_ins", "POST /v1/client/sign_ins/sia_1/attempt_first_factor", "GET /v1/client/sign_ins/sia_1",
            ])
        #expect(script.questions.count == 2)
    }

    @Test("an attempt whose answer is lost and that the server did not apply: the code is asked again, then sent")
    func attemptNotAppliedAnswerLost() async throws {
        let harness = Harness([
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            Self.lost,
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242"), .code("424242")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(
            harness.requests.map(\.path) == [
                "/v1/client/sign_ins", "/v1/client/sign_ins/sia_1/attempt_first_factor", "/v1/client/sign_ins/sia_1",
                "/v1/client/sign_ins/sia_1/attempt_first_factor",
            ])
        // The second code was asked, with the lost answer as the reason, not sent blind.
        guard case .code(let prompt) = script.questions.last else {
            Issue.record("the last question is not a code question")
            return
        }
        #expect(prompt.previousError?.lostAnswer?.serverState == .notApplied)
        #expect(events.values.contains { if case .answerLost = $0 { true } else { false } })
    }

    @Test("resume after an attempt whose outcome stayed unknown reads the client and sends no code again")
    func resumeAfterLostAnswer() async throws {
        let signedIn = Fixture.client(signIn: nil, sessions: [Fixture.session("sess_1")], lastActive: "sess_1")
        let harness = Harness(
            [
                .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
                Self.lost,
                .fail(TransportError(.cannotConnect)),  // the sign-in cannot be read again
                .fail(TransportError(.cannotConnect)),  // nor the client
                .respond(Fixture.envelope(Optional(signedIn), client: nil)),
            ], retry: .none)
        let (driver, _, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242")])
        let error = await clerkError { try await driver.signIn() }
        #expect(error?.lostAnswer?.serverState == .unknown)
        let session = try await driver.resume()
        #expect(session.id == "sess_1")
        #expect(harness.requests.filter { $0.path.hasSuffix("attempt_first_factor") }.count == 1)
        #expect(harness.requests.last?.path == "/v1/client")
    }

    @Test("a password sign-in whose answer is lost after it completed: the client shows the session, which the flow takes")
    func passwordCreateCompletedAnswerLost() async throws {
        // As Clerk answers: a completed sign-in is no longer the client's sign_in.
        let signedIn = Fixture.client(signIn: nil, sessions: [Fixture.session("sess_1")], lastActive: "sess_1")
        let harness = Harness([Self.lost, .respond(Fixture.envelope(Optional(signedIn), client: nil))])
        let (driver, _, events) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("pw")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(harness.requests.map { "\($0.method.rawValue) \($0.path)" } == ["POST /v1/client/sign_ins", "GET /v1/client"])
        #expect(events.values.contains { if case .answerLost(let lost) = $0 { lost.serverState == .sessionCreated(id: "sess_1") } else { false } })
    }

    @Test("a code sign-in whose create was not applied is created once more (it carries no secret)")
    func codeCreateNotAppliedAnswerLost() async throws {
        let harness = Harness([
            .fail(TransportError(.connectionLost)),
            .respond(Fixture.envelope(Optional(Fixture.client()), client: nil)),
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, _, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(
            harness.requests.map { "\($0.method.rawValue) \($0.path)" } == [
                "POST /v1/client/sign_ins", "GET /v1/client", "POST /v1/client/sign_ins", "POST /v1/client/sign_ins/sia_1/attempt_first_factor",
            ])
    }

    @Test("after a time-out, a state that shows no effect proves nothing: the outcome stays unknown and nothing is sent again")
    func timedOutAttemptStaysUnknown() async throws {
        let harness = Harness([
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .fail(TransportError(.timedOut)),
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
        ])
        let (driver, script, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242"), .code("424242")])
        let error = await clerkError { try await driver.signIn() }
        #expect(error?.lostAnswer?.serverState == .unknown)
        #expect(harness.requests.filter { $0.path.hasSuffix("/attempt_first_factor") }.count == 1)
        #expect(script.questions.count == 2)
    }

    @Test("a transfer whose answer is lost after the server created the sign-up goes on with that sign-up")
    func transferAppliedAnswerLost() async throws {
        let transferable = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, .transferable))
        let signUp = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .respond(Fixture.error(404, .signUpIfMissingTransfer, client: Fixture.client(signIn: transferable))),
            .fail(TransportError(.connectionLost)),
            .respond(Fixture.envelope(Optional(Fixture.client(signUp: signUp, sessions: [Fixture.session("sess_1")], lastActive: "sess_1")), client: nil)),
        ])
        let (driver, _, _) = try makeDriver(harness, [SignUpIfMissingStrategy()], answers: [.identifier(jane), .code("424242")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(harness.requests.filter { $0.path == "/v1/client/sign_ups" }.count == 1)
        #expect(harness.requests.last?.path == "/v1/client")
    }

    @Test("a touch whose answer is lost: the client shows whether the session became the active one")
    func touchAnswerLost() async throws {
        let done2 = Fixture.signIn(status: .complete, session: "sess_2")
        let both = [Fixture.session("sess_1"), Fixture.session("sess_2")]
        let harness = Harness([
            .respond(Fixture.envelope(done2, client: Fixture.client(signIn: done2, sessions: both, lastActive: "sess_1"))),
            Self.lost,
            .respond(Fixture.envelope(Optional(Fixture.client(signIn: done2, sessions: both, lastActive: "sess_2")), client: nil)),
        ])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("pw")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_2")
        #expect(harness.requests.filter { $0.path.hasSuffix("/touch") }.count == 1)
    }

    @Test("a 429 on a step without a secret (creating a code sign-in) is waited out and sent once more")
    func rateLimitedCreate() async throws {
        let harness = Harness([
            .respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "1"])),
            .respond(Fixture.envelope(Self.prepared, client: Fixture.client(signIn: Self.prepared))),
            .respond(Fixture.envelope(Self.done, client: Fixture.completedClient(Self.done))),
        ])
        let (driver, _, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242")])
        let session = try await driver.signIn()
        #expect(session.id == "sess_1")
        #expect(harness.sleeper.delays == [.seconds(1)])
        #expect(harness.requests.filter { $0.path == "/v1/client/sign_ins" }.count == 2)
    }
}
