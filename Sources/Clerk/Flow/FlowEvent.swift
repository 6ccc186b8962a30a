/// One step of a flow, reported as it happens so a UI or a transcript can render it.
/// Events never carry secrets.
public enum FlowEvent: Sendable, Hashable, CustomStringConvertible {
    /// A sign-in was created for `identifier` with `strategy` as first factor.
    case signInStarted(identifier: String, strategy: Strategy)
    /// The sign-in reached `status`.
    case signInStatus(SignInStatus)
    /// A sign-up was created.
    case signUpStarted
    /// The sign-up reached `status`, with what it still misses.
    case signUpStatus(SignUpStatus, missing: [SignUpField], unverified: [SignUpField])
    /// A code was sent (or is expected, for TOTP and backup codes).
    case codeRequested(CodePrompt)
    /// The code was sent again.
    case codeResent(strategy: Strategy)
    /// A code or password was refused; the user may try again.
    case credentialRejected(ClerkError)
    /// The answer repeated a code or password the API refused at this step: it was not sent again.
    case refusedAnswerRepeated
    /// The API asked to slow down: the driver waits `retryAfter` before asking again.
    case rateLimited(retryAfter: Duration)
    /// The user chose `strategy` for `stage`.
    case factorChosen(strategy: Strategy, stage: FactorStage)
    /// The identifier has no account: the sign-in becomes a sign-up (`transfer=true`).
    case transferringToSignUp
    /// Missing sign-up fields were supplied.
    case fieldsSupplied([SignUpField])
    /// The attempt was abandoned, to begin again.
    case startingOver
    /// The session is active (or pending its tasks).
    case finalized(ActiveSession)
    /// The session has tasks the user must finish (setup-mfa, reset-password, choose-organization).
    case sessionTasks([SessionTaskKey])
    /// The driver started resolving the pending session's task `key`.
    case sessionTaskStarted(SessionTaskKey)
    /// The task `key` is done.
    case sessionTaskCompleted(SessionTaskKey)
    /// `strategy` is set up and verified as a second factor; `backupCodes` codes were shown.
    case secondFactorEnabled(Strategy, backupCodes: Int)
    /// The password was changed (reset or the `reset-password` task).
    case passwordChanged
    /// The answer to a request was lost; the driver read the server's state and goes on from what
    /// it showed (`LostAnswer.serverState`): asking again, sending a step without a secret once
    /// more, or taking the session the request created.
    case answerLost(LostAnswer)
    /// An email link was sent (or is awaited): see the prompt for where it went.
    case emailLinkSent(EmailLinkPrompt)
    /// The driver waits for the email link to be opened, reading the attempt again now and then.
    case waitingForEmailLink
    /// The email link was opened (on this device or another): the flow goes on.
    case emailLinkOpened
    /// A re-verification of the session started at `level`.
    case reverificationStarted(SessionReverificationLevel)
    /// The session is re-verified: sensitive actions are allowed again for a while.
    case reverified

    /// The event as a transcript line; it never contains a secret.
    public var description: String {
        switch self {
        case .signInStarted(let identifier, let strategy): "sign-in started for \(identifier) with \(strategy.rawValue)"
        case .signInStatus(let status): "sign-in status: \(status.rawValue)"
        case .signUpStarted: "sign-up started"
        case .signUpStatus(let status, let missing, let unverified):
            "sign-up status: \(status.rawValue)"
                + (missing.isEmpty ? "" : ", missing \(missing.map(\.rawValue).joined(separator: ", "))")
                + (unverified.isEmpty ? "" : ", unverified \(unverified.map(\.rawValue).joined(separator: ", "))")
        case .codeRequested(let prompt): "code requested: \(prompt.description)"
        case .codeResent(let strategy): "\(strategy.rawValue) code sent again"
        case .credentialRejected(let error): "rejected: \(error.description)"
        case .refusedAnswerRepeated: "the same refused answer again: not sent"
        case .rateLimited(let retryAfter): "rate limited: waiting \(retryAfter)"
        case .factorChosen(let strategy, let stage): "\(strategy.rawValue) chosen for \(stage.rawValue)"
        case .transferringToSignUp: "no account: transferring to sign-up"
        case .fieldsSupplied(let fields): "supplied \(fields.map(\.rawValue).joined(separator: ", "))"
        case .startingOver: "starting over"
        case .finalized(let session): "signed in: \(session.description)"
        case .sessionTasks(let keys): "session tasks: \(keys.map(\.rawValue).joined(separator: ", "))"
        case .sessionTaskStarted(let key): "session task \(key.rawValue) started"
        case .sessionTaskCompleted(let key): "session task \(key.rawValue) done"
        case .secondFactorEnabled(let strategy, let count):
            "\(strategy.rawValue) set up as second factor" + (count > 0 ? " (\(count) backup codes shown)" : "")
        case .passwordChanged: "password changed"
        case .answerLost(let lost): lost.description
        case .emailLinkSent(let prompt): "\(prompt.description)"
        case .waitingForEmailLink: "waiting for the email link to be opened"
        case .emailLinkOpened: "email link opened"
        case .reverificationStarted(let level): "re-verification started (\(level.rawValue))"
        case .reverified: "session re-verified"
        }
    }
}
