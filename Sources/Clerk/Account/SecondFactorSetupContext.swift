/// What a `SecondFactorSetup` strategy may use while the flow driver sets its factor up: the
/// account to send requests for, and the driver's questions, code loop and events.
public struct SecondFactorSetupContext: Sendable {
    /// The account of the pending session whose task is being resolved.
    public let account: AccountHandle
    let driver: FlowDriver

    init(account: AccountHandle, driver: FlowDriver) {
        self.account = account
        self.driver = driver
    }

    /// Asks the user one question (not a code: see `askCode`).
    public func ask(_ question: FlowQuestion) async throws(ClerkError) -> FlowAnswer {
        try await driver.ask(question)
    }

    /// Asks for a code of `prompt` until `submit` accepts one, as every code step of the driver:
    /// a refused code is asked again but never sent again, `maxFailedAnswers` refusals stop the
    /// flow, a 429 waits its `Retry-After`, `.resendCode` calls `resend` (when not nil).
    /// - Returns: false when the user answered `.startOver`.
    public func askCode(
        _ prompt: CodePrompt,
        resend: (() async throws(ClerkError) -> Void)?,
        submit: (SecretString) async throws(ClerkError) -> Void
    ) async throws(ClerkError) -> Bool {
        let step = try await driver.codeLoop(prompt, resend: resend) { (code) async throws(ClerkError) -> FlowDriver.Step<Bool> in
            try await submit(code)
            return .next(true)
        }
        if case .next = step { return true }
        return false
    }

    /// Reports `event` to the driver's `onEvent`.
    public func report(_ event: FlowEvent) {
        driver.onEvent(event)
    }

    /// The error for an answer that does not fit `question`.
    public func unexpected(_ answer: FlowAnswer, for question: FlowQuestion) -> ClerkError {
        driver.unexpected(answer, for: question)
    }
}
