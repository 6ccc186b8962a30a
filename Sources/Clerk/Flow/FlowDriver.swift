/// Drives a sign-in or sign-up from its current status to an active session, using the
/// strategies of a `FactorRegistry` and asking an answer provider for what only the user knows.
///
/// ```swift
/// let registry = try FactorRegistry([EmailCodeStrategy()])
/// let driver = FlowDriver(client: clerk, registry: registry) { question in
///     switch question {
///     case .identifier: .identifier("jane+clerk_test@example.com")
///     case .code: .code(SecretString(readLine() ?? ""))
///     default: throw ClerkError.unanswered(question)
///     }
/// }
/// let session = try await driver.signIn()
/// ```
///
/// It handles `needs_first_factor`, `needs_second_factor` (choosing among strategies both
/// registered and supported, asking when several fit), `needs_client_trust`,
/// `needs_new_password`, sign-up `missing_requirements` (missing fields and unverified email or
/// phone), the signUpIfMissing transfer (and the transfer of an identity token without an
/// account), session
/// re-verification (`reverify(level:sessionID:)`), password reset (`resetPassword(identifier:)`), and the
/// `setup-mfa` and `reset-password` tasks of a pending session, returning once it is active. Each
/// strategy runs its own step (`FactorStrategy.verify(_:)`: a code by default, a password with
/// `PasswordStrategy`, an email link with `EmailLinkStrategy`). A wrong code or password is asked again without
/// starting over; every code question accepts `.resendCode` and `.startOver`, and a run starts
/// over at most `maxStartOvers` times, an app's instant start-overs spaced out. Each step is
/// reported to `onEvent`. It sends the fewest requests the API allows: a password sign-in is
/// one request, a code sign-in one to start and one to verify, and finalizing sends none when
/// the client already lists the new session as active.
public struct FlowDriver: Sendable {
    /// The client the requests go through.
    public let client: ClerkClient
    /// The strategies the flow may use.
    public let registry: FactorRegistry
    let answers: any FlowAnswerProvider
    let onEvent: @Sendable (FlowEvent) -> Void
    /// How many refused answers one step accepts before the flow stops with
    /// `FlowError.tooManyFailedAnswers` (5 by default). An answer that repeats one the API has
    /// just refused counts too, and is never sent again.
    public var maxFailedAnswers = 5
    /// How many times one run (one call of `signIn`, `signUp`, `drive`, `resume`,
    /// `resetPassword` or `reverify`) may start over (5 by default); the next `.startOver` ends
    /// it with `FlowError.tooManyStartOvers`. A `.startOver` answered less than a second after
    /// its question (an app answering for its user) restarts at once the first time, and after
    /// a wait of 1 s, 2 s, 4 s, … (at most 30 s) each next time, so that an app's loop cannot
    /// flood the API.
    public var maxStartOvers = 5
    /// The longest the driver waits when the API answers 429 at a step, whatever its
    /// `Retry-After` says; longer waits end the flow with the API's error.
    public var maxRateLimitWait: Duration = .seconds(60)
    /// Sent as `sign_out_of_other_sessions` whenever the flow sets a new password (a sign-in that
    /// is `needs_new_password`, the `reset-password` session task); nil sends nothing (the API
    /// then keeps other sessions). `resetPassword(identifier:signOutOfOtherSessions:)` takes its own.
    public var signOutOfOtherSessions: Bool?
    /// The start-overs of the current run (`inRun`); nil outside a run.
    var run: StartOverBudget?

    /// A driver asking `answers`, reporting each step to `onEvent`.
    public init(
        client: ClerkClient,
        registry: FactorRegistry,
        answers: any FlowAnswerProvider,
        onEvent: @escaping @Sendable (FlowEvent) -> Void = { _ in }
    ) {
        self.client = client
        self.registry = registry
        self.answers = answers
        self.onEvent = onEvent
    }

    /// A driver answering with a closure, reporting each step to `onEvent`.
    public init(
        client: ClerkClient,
        registry: FactorRegistry,
        onEvent: @escaping @Sendable (FlowEvent) -> Void = { _ in },
        answer: @escaping @Sendable (FlowQuestion) async throws -> FlowAnswer
    ) {
        self.init(client: client, registry: registry, answers: ClosureAnswerProvider(answer), onEvent: onEvent)
    }

    /// Reads the client from the server (`GET /v1/client`), then continues its current sign-up (if
    /// any) or sign-in to a session; when neither is in progress but the client has a signed-in
    /// session (a sign-in whose last answer was lost completed), returns that session. The state
    /// is read first because the last answer may have been lost: nothing already spent (a code,
    /// a password) is sent again.
    /// - Throws: `ClerkError.flow(.noCurrentAttempt)` when there is neither an attempt nor a session.
    public func resume() async throws(ClerkError) -> ActiveSession {
        try await client.refresh()
        if let signUp = await client.currentSignUp {
            return try await drive(signUp)
        }
        if let signIn = await client.currentSignIn {
            return try await drive(signIn)
        }
        if let session = await client.lastActiveSession, session.status == .active || session.status == .pending {
            return try await sessionAttempts { (driver, number) async throws(ClerkError) -> Outcome in
                number == 1
                    ? try await driver.settle(ActiveSession(session: session, neededRequest: false))
                    : .finished(try await driver.signIn())
            }
        }
        throw .flow(.noCurrentAttempt)
    }

    // MARK: Shared steps

    /// How a step of a flow ended.
    public enum Step<Handle: Sendable>: Sendable {
        /// The step is done: the flow goes on from this handle.
        case next(Handle)
        /// The user started over: the flow begins again.
        case startOver
        /// The account does not exist and the sign-in becomes a sign-up (the signUpIfMissing transfer).
        case transfer
    }

    /// Asks the answer provider; a `.startOver` is counted against the run's budget (see `maxStartOvers`).
    func ask(_ question: FlowQuestion) async throws(ClerkError) -> FlowAnswer {
        let asked = client.clock.now()
        do {
            let answer = try await answers.answer(question)
            if answer == .startOver {
                try await paceStartOver(answeredIn: client.clock.now().timeIntervalSince(asked))
            }
            return answer
        } catch let error as ClerkError {
            throw error
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .flow(.answerProviderFailed(String(describing: type(of: error))))
        }
    }

    /// The identifier to start with: `given` the first time round (then forgotten, so that starting
    /// over asks), else asked until the user gives one (`.startOver` at this question asks it again).
    func identifier(given: inout String?, for strategy: Strategy) async throws(ClerkError) -> String {
        if let value = given {
            given = nil
            return value
        }
        let question = FlowQuestion.identifier(strategy: strategy)
        while true {
            switch try await ask(question) {
            case .identifier(let value): return value
            case .startOver: continue
            case let other: throw unexpected(other, for: question)
            }
        }
    }

    /// The strategy and factor to use at `stage` among `options`: the only one, or for a second
    /// factor the one the user chooses when several fit; nil when the user starts over.
    /// - Throws: `FlowError.noApplicableStrategy` when `options` is empty (`supported` says what the API offered).
    func choose(
        among options: [(strategy: any FactorStrategy, factor: SignInFactor)], at stage: FactorStage, supported: [SignInFactor]
    ) async throws(ClerkError) -> (strategy: any FactorStrategy, factor: SignInFactor)? {
        guard let first = options.first else {
            throw .flow(.noApplicableStrategy(stage: stage, supported: supported.map(\.strategy)))
        }
        guard stage == .secondFactor, options.count > 1 else { return first }
        let question = FlowQuestion.chooseSecondFactor(options: options.map(\.strategy.strategy))
        switch try await ask(question) {
        case .secondFactor(let wanted):
            guard let match = options.first(where: { $0.strategy.strategy == wanted }) else {
                throw unexpected(.secondFactor(wanted), for: question)
            }
            return match
        case .startOver:
            return nil
        case let other:
            throw unexpected(other, for: question)
        }
    }

    func unexpected(_ answer: FlowAnswer, for question: FlowQuestion) -> ClerkError {
        .flow(.unexpectedAnswer(question: question.description, answer: answer.description))
    }

    /// Whether `error` refuses a code or password the user may simply enter again.
    static func isRejectedCredential(_ error: ClerkError) -> Bool {
        error.apiErrors.contains { apiError in
            switch apiError.code {
            case .formCodeIncorrect, .formPasswordIncorrect, .verificationExpired,
                .formPasswordPwned, .formPasswordLengthTooShort, .formPasswordValidationFailed:
                return true
            // A new password the instance's policy refuses: the user may choose another.
            case .formPasswordLengthTooLong, .formPasswordNotStrongEnough, .formPasswordNoLowercase,
                .formPasswordNoUppercase, .formPasswordNoNumber, .formPasswordNoSpecialChar,
                .formPasswordMatchesIdentifier, .formPasswordSizeInBytesExceeded:
                return true
            case .formParamFormatInvalid, .formParamMissing:
                return ["code", "password", "new_password"].contains(apiError.meta?.paramName ?? "")
            default:
                return false
            }
        }
    }

    /// Asks for a secret until the API accepts one, for one step of a flow.
    ///
    /// `question` builds the question for the given try and the refusal of the previous answer;
    /// `submit` sends the answer. A refused secret (see `isRejectedCredential`) is asked again,
    /// but never sent again; after `maxFailedAnswers` refusals the step throws. A 429 waits
    /// for its `Retry-After` before asking again. `.resendCode` calls `resend` (code questions
    /// only); `.startOver` ends the step.
    func secretLoop<Handle: Sendable>(
        expecting kind: CredentialKind,
        question: (_ attempt: Int, _ refusal: ClerkError?) -> FlowQuestion,
        resend: (() async throws(ClerkError) -> Void)? = nil,
        submit: (SecretString) async throws(ClerkError) -> Step<Handle>
    ) async throws(ClerkError) -> Step<Handle> {
        var attempt = 1
        var refusal: ClerkError?
        var refused: Set<SecretString> = []
        var failures = 0
        func fail(_ asked: FlowQuestion) throws(ClerkError) {
            failures += 1
            attempt += 1
            if failures >= maxFailedAnswers {
                throw .flow(.tooManyFailedAnswers(question: asked.description, count: failures))
            }
        }
        while true {
            let asked = question(attempt, refusal)
            let answer = try await ask(asked)
            switch (answer, kind) {
            case (.password(let secret), .password), (.code(let secret), .code):
                if refused.contains(secret) {
                    onEvent(.refusedAnswerRepeated)
                    try fail(asked)
                    continue
                }
                do throws(ClerkError) {
                    return try await submit(secret)
                } catch  where Self.isRejectedCredential(error) {
                    onEvent(.credentialRejected(error))
                    refused.insert(secret)
                    refusal = error
                    try fail(asked)
                } catch  where error.lostAnswer?.serverState == .notApplied {
                    // Not refused as far as the server's state shows: the user may enter it again.
                    if let lost = error.lostAnswer { onEvent(.answerLost(lost)) }
                    refusal = error
                    try fail(asked)
                } catch  where error.httpStatus == 429 {
                    let wait = error.retryAfter ?? .seconds(1)
                    guard wait <= maxRateLimitWait else { throw error }
                    onEvent(.rateLimited(retryAfter: wait))
                    do {
                        try await client.retrySleeper.sleep(for: wait)
                    } catch {
                        throw .cancelled
                    }
                    refusal = error
                    try fail(asked)
                }
            case (.resendCode, .code) where resend != nil:
                try await resend?()
                if case .code(let prompt) = asked { onEvent(.codeResent(strategy: prompt.strategy)) }
                refusal = nil
            case (.startOver, _):
                return .startOver
            default:
                throw unexpected(answer, for: asked)
            }
        }
    }

    /// Asks for a code of `prompt` until one is accepted (see `secretLoop`). Without `resend`
    /// (nothing was sent: an authenticator app, a backup code), `.resendCode` is an unexpected answer.
    func codeLoop<Handle: Sendable>(
        _ prompt: CodePrompt,
        resend: (() async throws(ClerkError) -> Void)?,
        attempt: (SecretString) async throws(ClerkError) -> Step<Handle>
    ) async throws(ClerkError) -> Step<Handle> {
        onEvent(.codeRequested(prompt))
        return try await secretLoop(
            expecting: .code,
            question: { number, refusal in
                var prompt = prompt
                prompt.attempt = number
                prompt.previousError = refusal
                return .code(prompt)
            },
            resend: resend,
            submit: attempt)
    }

    func finish(_ session: ActiveSession) {
        onEvent(.finalized(session))
        if !session.tasks.isEmpty {
            onEvent(.sessionTasks(session.tasks.map(\.key)))
        }
    }
}
