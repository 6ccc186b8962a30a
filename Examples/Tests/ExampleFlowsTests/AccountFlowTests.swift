import Clerk
import ClerkLocalServer
import ExampleFlows
import Testing

/// The account-security flows run by the main command, with the requests each makes: the fewest
/// the API allows for what the flow does, except where noted.
@Suite("Account security flows")
struct AccountFlowTests {
    @Test("manage-mfa: authenticator app, backup codes and SMS set up on the account, then a sign-in with each (20 requests)")
    func manageMFA() async {
        let result = await ExampleRunner.run(.manageMFA)
        #expect(result.passed, result.failureComment)
        // Sign-in with Client Trust 3, TOTP 2, backup codes 1, phone 4, then 3 sign-outs and sign-ins of 3 + 2 + 2.
        #expect(result.requests == 20)
        for strategy in [Strategy.phoneCode, .backupCode, .totp] {
            #expect(result.events.contains(.factorChosen(strategy: strategy, stage: .secondFactor)))
        }
        #expect(result.sessions.count == 4)
        #expect(result.sessions.allSatisfy { $0.status == "active" })
    }

    @Test("mfa-required-sign-up: the setup-mfa task is resolved inside the flow (5 requests)")
    func mfaRequiredSignUp() async {
        let result = await ExampleRunner.run(.mfaRequiredSignUp)
        #expect(result.passed, result.failureComment)
        #expect(result.requests == 5, "sign-up 3, TOTP enrolment and verification 2; the answer shows the session active, so no touch")
        #expect(result.events.contains(.sessionTasks([.setupMFA])))
        #expect(result.events.contains(.sessionTaskCompleted(.setupMFA)))
        #expect(result.events.contains { if case .secondFactorEnabled(.totp, let codes) = $0 { codes == 10 } else { false } })
        #expect(result.sessions.map(\.tasks) == [[]])
    }

    @Test("forgot-password: reset by email code, the old password refused, the other session signed out (8 requests)")
    func forgotPassword() async {
        let result = await ExampleRunner.run(.forgotPassword)
        #expect(result.passed, result.failureComment)
        // The minimum: the reset starts with one request that also sends the code (`strategy` on
        // the create).
        #expect(result.requests == 8)
        #expect(result.events.contains(.passwordChanged))
        #expect(result.transcript.contains { $0.text.contains("the old password is refused") })
    }

    @Test("compromised-password: the reset-password task is resolved with change_password (4 requests)")
    func compromisedPassword() async {
        let result = await ExampleRunner.run(.compromisedPassword)
        #expect(result.passed, result.failureComment)
        #expect(result.requests == 4, "sign-in with Client Trust 3, change_password 1")
        #expect(result.events.contains(.sessionTasks([.resetPassword])))
        #expect(result.events.contains(.sessionTaskCompleted(.resetPassword)))
        #expect(result.sessions.map(\.status) == ["active"])
    }

    @Test("a new password the policy refuses is asked again, never sent twice, and the flow says why it stopped")
    func refusedNewPassword() async {
        let weak = RunOptions(wrapAnswers: { _, base in WeakNewPassword(base: base) })
        let result = await ExampleRunner.run(.compromisedPassword, options: weak)
        #expect(!result.passed)
        #expect(result.error?.contains("the new password was refused") == true, result.failureComment)
        #expect(result.transcript.contains { $0.text.contains("form_password_pwned") || $0.text.contains("data breach") })
    }
}

/// Answers a new-password question with a common password the first time.
private struct WeakNewPassword: FlowAnswerProvider {
    let base: any FlowAnswerProvider

    func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        if case .newPassword(retry: nil) = question { return .password(SecretString("password123")) }
        return try await base.answer(question)
    }
}
