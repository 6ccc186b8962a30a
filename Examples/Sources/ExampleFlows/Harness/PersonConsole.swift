import Clerk

/// What a person at the terminal sees of a flow besides its questions: the phase it is in, the
/// steps that concern them in words, and how it ended. The wire transcript (requests, every step
/// of the flow driver) is for `--verbose`.
struct PersonConsole: Sendable {
    let terminal: TerminalAnswers.Terminal

    func phase(_ text: String) {
        terminal.write("\n\(text)")
    }

    func show(_ event: FlowEvent) {
        if let line = Self.words(for: event) { terminal.write(line) }
    }

    /// The event as a person would be told it; nil for steps that change nothing they see (a code
    /// refusal is shown next to the field when the code is asked again; a sent code, at its prompt).
    static func words(for event: FlowEvent) -> String? {
        switch event {
        case .signInStatus(.needsClientTrust):
            "This device is new to your account: confirm it is you."
        case .signInStatus(.needsSecondFactor):
            "Your account has two-step verification: one more step."
        case .transferringToSignUp:
            "There is no account with this identifier yet: creating one."
        case .refusedAnswerRepeated:
            "  ✗ That is the answer just refused, so it was not sent again."
        case .rateLimited(let retryAfter):
            "  Too many attempts: waiting \(Self.seconds(retryAfter)) before asking again."
        case .startingOver:
            "Starting over."
        case .finalized(let session):
            session.tasks.isEmpty
                ? "✓ Signed in."
                : "✓ Signed in; still to do: \(session.tasks.map(\.key.rawValue).joined(separator: ", "))."
        case .secondFactorEnabled(let strategy, _):
            "✓ Second step set up: \(TerminalAnswers.label(for: strategy))."
        case .passwordChanged:
            "✓ Password changed."
        case .answerLost(let lost):
            switch lost.serverState {
            case .notApplied: "  The connection dropped before Clerk answered, and it did not go through: trying again."
            case .sessionCreated: "  The connection dropped before Clerk answered, but it went through."
            case .unknown: "  The connection dropped before Clerk answered."
            }
        default:
            nil
        }
    }

    /// How a failed run is shown: the field it concerns and Clerk's message for it, once.
    func failure(_ result: FlowRunResult) {
        terminal.write("  ✗ \(result.errorField ?? "Flow"): \(result.errorMessage ?? result.error ?? "failed")")
    }

    private static func seconds(_ duration: Duration) -> String {
        let whole = duration.components.seconds + (duration.components.attoseconds > 0 ? 1 : 0)
        return "\(whole) s"
    }
}
