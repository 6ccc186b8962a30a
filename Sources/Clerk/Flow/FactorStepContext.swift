/// What a strategy may use while it runs its step of a flow (``FactorStrategy/verify(_:)``): where
/// the step is, the handle it acts on, and the driver's questions, loops and events. The driver
/// has already sent what the strategy sends before its attempt (a code, a link: `.sendsCode`);
/// the step asks the user and attempts until the API accepts, or the user starts over.
///
/// A sign-in's first and second factors, Client Trust, a sign-up's verification, a password
/// reset and a re-verification each hand their strategy one of these, so a strategy's step runs
/// the same in every flow.
public struct FactorStepContext<Handle: Sendable> {
    /// The stage the step verifies.
    public let stage: FactorStage
    /// The strategy running the step.
    public let strategy: Strategy
    /// The sign-in, sign-up or re-verification the step acts on, as it was when the step began.
    public let handle: Handle
    /// Where the code or link went (masked by the API for a sign-in); nil when nothing was sent.
    public let sentTo: String?
    /// The account's identifier, for a question that names it (a password); nil when unknown.
    public let identifier: String?
    let driver: FlowDriver
    let resendClosure: (() async throws(ClerkError) -> Void)?
    let attemptClosure: (SecretString) async throws(ClerkError) -> FlowDriver.Step<Handle>
    let rereadClosure: () async throws(ClerkError) -> Handle
    let verificationOf: (Handle) -> Verification?
    let statusOf: (Handle) -> String

    init(
        stage: FactorStage, strategy: Strategy, handle: Handle, sentTo: String?, identifier: String?, driver: FlowDriver,
        resend: (() async throws(ClerkError) -> Void)?,
        attempt: @escaping (SecretString) async throws(ClerkError) -> FlowDriver.Step<Handle>,
        reread: @escaping () async throws(ClerkError) -> Handle,
        verification: @escaping (Handle) -> Verification?,
        status: @escaping (Handle) -> String
    ) {
        self.stage = stage
        self.strategy = strategy
        self.handle = handle
        self.sentTo = sentTo
        self.identifier = identifier
        self.driver = driver
        self.resendClosure = resend
        self.attemptClosure = attempt
        self.rereadClosure = reread
        self.verificationOf = verification
        self.statusOf = status
    }

    /// Whether the step can send its code or link again (the driver sent one for it).
    public var canResend: Bool { resendClosure != nil }

    /// Sends the code or link again; does nothing when `canResend` is false.
    public func resend() async throws(ClerkError) {
        try await resendClosure?()
    }

    /// Asks for a code until one is accepted, as every code step of the driver: a refused code is
    /// asked again but never sent again, `maxFailedAnswers` refusals stop the flow, a 429 waits
    /// its `Retry-After`, `.resendCode` sends again (when `canResend`), `.startOver` ends the step.
    public func askCode() async throws(ClerkError) -> FlowDriver.Step<Handle> {
        try await driver.codeLoop(
            CodePrompt(stage: stage, strategy: strategy, sentTo: sentTo), resend: resendClosure, attempt: attemptClosure)
    }

    /// Asks for a secret of `kind` (`.password` answers a `.password` credential, `.code` a
    /// `.code`) with `question` (built from the try's number and the previous refusal) until the
    /// API accepts one, with the rules of `askCode()`.
    public func askSecret(
        _ kind: CredentialKind, question: (_ attempt: Int, _ refusal: ClerkError?) -> FlowQuestion
    ) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        try await driver.secretLoop(expecting: kind, question: question, resend: resendClosure, submit: attemptClosure)
    }

    /// Attempts `secret` once, without asking (a strategy that gets its secret elsewhere: a
    /// device, a token it holds). A refusal is thrown as the API's error.
    public func attempt(_ secret: SecretString) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        try await attemptClosure(secret)
    }

    /// Asks the user one question.
    public func ask(_ question: FlowQuestion) async throws(ClerkError) -> FlowAnswer {
        try await driver.ask(question)
    }

    /// Reports `event` to the driver's `onEvent`.
    public func report(_ event: FlowEvent) {
        driver.onEvent(event)
    }

    /// The error for an answer that does not fit `question`.
    public func unexpected(_ answer: FlowAnswer, for question: FlowQuestion) -> ClerkError {
        driver.unexpected(answer, for: question)
    }

    /// The handle as the API shows it now (one read: `GET` of the sign-in or sign-up; a
    /// re-verification, which the API cannot read again, is returned as it is).
    public func reread() async throws(ClerkError) -> Handle {
        try await rereadClosure()
    }

    /// The verification of `handle` this step is about.
    public func verification(of handle: Handle) -> Verification? {
        verificationOf(handle)
    }

    /// The status of `handle` (its raw value), to tell whether it moved on since the step began.
    public func status(of handle: Handle) -> String {
        statusOf(handle)
    }

    /// The client the flow's requests go through.
    public var client: ClerkClient { driver.client }
}
