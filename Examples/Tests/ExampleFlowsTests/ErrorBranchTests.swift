import Clerk
import ClerkLocalServer
import ClerkTesting
import ExampleFlows
import Foundation
import NIOConcurrencyHelpers
import Testing

/// The error branches the guides handle, taken by scripting some of the person's answers.
@Suite("Error branches, end to end")
struct ErrorBranchTests {
    /// A run where `steps` answer first and the person's usual answers do the rest.
    func options(
        _ steps: [ScriptedAnswers.Step], clock: ManualClock? = nil, server: NIOLockedValueBox<RunningServer?>? = nil,
        adjust: (@Sendable (inout InstanceSettings) -> Void)? = nil
    ) -> RunOptions {
        RunOptions(
            now: clock.map { clock in { @Sendable in clock.now() } }, adjustSettings: adjust,
            wrapAnswers: { _, base in ScriptedAnswers(steps, then: base) },
            serverStarted: { started in server?.withLockedValue { $0 = started } })
    }

    @Test("a wrong password is refused next to the field, then the right one signs in")
    func wrongPassword() async {
        let result = await ExampleRunner.run(.emailPasswordSignIn, options: options([.password("not-her-password")]))
        #expect(result.passed, result.failureComment)
        #expect(result.rejections == ["form_password_incorrect"])
        #expect(result.requestLines.first?.hasSuffix("POST /v1/client/sign_ins → 422 form_password_incorrect") == true)
        #expect(result.events.contains(.signInStatus(.needsClientTrust)))
    }

    @Test("a wrong code is refused, then the right one signs in")
    func wrongCodeThenRight() async {
        let result = await ExampleRunner.run(.emailCodeSignIn, options: options([.code(.code("000000"))]))
        #expect(result.passed, result.failureComment)
        #expect(result.rejections == ["form_code_incorrect"])
        #expect(result.requests == 3)
    }

    @Test("an expired code is refused; a new one is sent and signs in")
    func expiredCode() async {
        let clock = ManualClock(now: Date())
        let server = NIOLockedValueBox<RunningServer?>(nil)
        let result = await ExampleRunner.run(
            .emailCodeSignIn,
            options: options([.beforeCode { clock.advance(by: .seconds(11 * 60)) }], clock: clock, server: server))
        #expect(result.passed, result.failureComment)
        #expect(result.rejections == ["verification_expired"])
        #expect(result.events.contains(.codeResent(strategy: .emailCode)))
        #expect(server.withLockedValue { $0 }?.outbox(to: "hedy.lamarr@example.com").count == 2)
    }

    @Test("too many wrong codes fail the verification for good")
    func tooManyAttempts() async {
        // Five different wrong codes: the SDK does not send an answer the API already refused.
        let wrong = (0..<5).map { ScriptedAnswers.Step.code(.code(SecretString("00000\($0)"))) }
        let result = await ExampleRunner.run(.emailCodeSignIn, options: options(wrong))
        #expect(!result.passed)
        #expect(result.errorCode == "verification_failed")
        #expect(result.rejections == Array(repeating: "form_code_incorrect", count: 4))
        #expect(result.transcript.last?.kind == .failure)
    }

    @Test("send a new code: a second code arrives and is the one that works")
    func resend() async {
        let clock = ManualClock(now: Date())
        let server = NIOLockedValueBox<RunningServer?>(nil)
        let waitThenResend = ScriptedAnswers.Step(when: { if case .code = $0 { true } else { false } }) { _ in
            clock.advance(by: .seconds(31))
            return .resendCode
        }
        let result = await ExampleRunner.run(.emailCodeSignUp, options: options([waitThenResend], clock: clock, server: server))
        #expect(result.passed, result.failureComment)
        #expect(result.events.contains(.codeResent(strategy: .emailCode)))
        let messages = server.withLockedValue { $0 }?.outbox(to: "margaret.hamilton@example.com") ?? []
        #expect(messages.count == 2)
        #expect(result.requestLines.filter { $0.contains("prepare_verification") }.count == 2)
    }

    @Test("send a new code too soon: the server asks to wait")
    func resendTooSoon() async {
        let result = await ExampleRunner.run(.emailCodeSignUp, options: options([.code(.resendCode)]))
        #expect(!result.passed)
        #expect(result.errorCode == "verification_code_too_many_requests")
    }

    @Test("start over at the code step begins again from the identifier")
    func startOver() async {
        let result = await ExampleRunner.run(.smsCodeSignIn, options: options([.code(.startOver)]))
        #expect(result.passed, result.failureComment)
        #expect(result.events.contains(.startingOver))
        #expect(result.events.filter { if case .signInStarted = $0 { true } else { false } }.count == 2)
        #expect(result.requests == 3)
    }

    @Test("an unknown identifier goes into a sign-up (standard: form_identifier_not_found)")
    func unknownIdentifierStandard() async {
        let result = await ExampleRunner.run(.signInOrUp)
        #expect(result.passed, result.failureComment)
        #expect(result.requestLines.first?.hasSuffix("POST /v1/client/sign_ins → 422 form_identifier_not_found") == true)
        #expect(result.events.contains(.signUpStarted))
    }

    @Test("an unknown identifier goes into a sign-up (signUpIfMissing: transfer after the code)")
    func unknownIdentifierTransfer() async {
        let result = await ExampleRunner.run(.signInOrUpIfMissing)
        #expect(result.passed, result.failureComment)
        #expect(result.requestLines.contains { $0.hasSuffix("attempt_first_factor → 404 sign_up_if_missing_transfer") })
        #expect(result.events.filter { $0 == .transferringToSignUp }.count == 1)
    }

    @Test("missing requirements: legal acceptance is collected, in both sign-in-or-up flows", arguments: [ExampleFlow.signInOrUp, .signInOrUpIfMissing])
    func missingRequirements(_ flow: ExampleFlow) async {
        let result = await ExampleRunner.run(flow)
        #expect(result.passed, result.failureComment)
        #expect(result.events.contains(.signUpStatus(.missingRequirements, missing: [.legalAccepted], unverified: flow.number == 1 ? [.emailAddress] : [])))
        #expect(result.events.contains(.fieldsSupplied([.legalAccepted])))
        #expect(result.requestLines.contains { $0.contains("PATCH /v1/client/sign_ups/") })
    }

    @Test("Client Trust: a code on a new device, none on the trusted one")
    func clientTrustNewVersusTrusted() async {
        let result = await ExampleRunner.run(.clientTrustEmail)
        #expect(result.passed, result.failureComment)
        let statuses = result.events.compactMap { if case .signInStatus(let status) = $0 { status } else { nil } }
        #expect(statuses == [.needsClientTrust, .complete, .complete])
        #expect(result.events.filter(\.isCodeRequest).count == 1)
        #expect(result.sessions.count == 2)
    }

    @Test("a used backup code is refused the second time")
    func backupCodeReuse() async {
        let result = await ExampleRunner.run(.mfaBackupCode)
        #expect(result.passed, result.failureComment)
        #expect(result.rejections == ["form_code_incorrect"])
        #expect(result.sessions.count == 2)
    }

    @Test("the authenticator code matches the one the server expects (RFC 6238 test vector)")
    func authenticatorVector() throws {
        // RFC 6238 appendix B, SHA-1, secret "12345678901234567890": 94287082 at T = 59 s, of which apps show 6 digits.
        let secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
        let app = try #require(Authenticator(base32Secret: secret))
        #expect(app.code(at: Date(timeIntervalSince1970: 59)) == "287082")
        #expect(app.code(at: Date(timeIntervalSince1970: 1_111_111_109)) == "081804")
    }
}
