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
/// sent twice.
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

    @Test("every flow step under every fault", arguments: FlowStep.allCases, Fault.allCases)
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

        // A 429 on a step that takes a password or code waits for Retry-After, then asks the
        // user again (here the script has no answer left); elsewhere every fault ends the flow.
        let asksAgain = fault == .tooMany && [.passwordCreate, .emailCodeAttempt, .totpAttempt].contains(step)
        if asksAgain {
            #expect(error == .flow(.answerProviderFailed("OutOfAnswers")), "\(step): \(String(describing: error))")
            #expect(harness.sleeper.delays == [.seconds(2)])
        } else {
            #expect(fault.matches(error), "\(step) / \(fault): \(String(describing: error))")
            #expect(harness.sleeper.delays.isEmpty)
        }
        // Nothing after the fault was sent, and the faulty request went out exactly once.
        #expect(harness.requests.count == before.count + 1)
        #expect(harness.requests.filter { $0.path == faultyPath }.count == 1)
        #expect(harness.requests.last?.path == faultyPath)
        // The local state is what the last good answer said.
        #expect(await harness.client.client?.signIn == stateBefore)
        #expect(await harness.client.lastActiveSessionID == (step == .finalizeTouch ? "sess_1" : nil))
    }

    @Test("after a fault on an attempt, the flow can be resumed and completes with one more attempt")
    func resumeAfterFault() async throws {
        let prepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(prepared, client: Fixture.client(signIn: prepared))),
            .fail(TransportError(.timedOut)),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let (driver, _, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane), .code("424242"), .code("424242")])
        #expect(await clerkError { try await driver.signIn() }?.isTransport == true)
        let session = try await driver.resume()
        #expect(session.id == "sess_1")
        #expect(
            harness.requests.map(\.path) == [
                "/v1/client/sign_ins", "/v1/client/sign_ins/sia_1/attempt_first_factor", "/v1/client/sign_ins/sia_1/attempt_first_factor",
            ])
    }
}
