import Foundation

/// An answer to a `FlowQuestion`. Secrets are `SecretString`s, so printing or dumping an
/// answer never shows a password or code.
public enum FlowAnswer: Sendable, Hashable, CustomStringConvertible {
    /// The identifier to sign in with.
    case identifier(String)
    /// A password (current or new).
    case password(SecretString)
    /// A one-time code.
    case code(SecretString)
    /// Send the code again (at any code question).
    case resendCode
    /// Abandon this attempt and begin again from the identifier or sign-up details: the user's
    /// choice, never an app's answer to a question it does not handle (throw
    /// `ClerkError.unanswered(_:)` for those). A run starts over at most
    /// `FlowDriver.maxStartOvers` times.
    case startOver
    /// The chosen second factor.
    case secondFactor(Strategy)
    /// Sign-up fields.
    case details(SignUpDetails)
    /// A phone number, in E.164 form (to receive second-factor codes).
    case phoneNumber(String)
    /// The user has seen what the question showed (an authenticator secret, backup codes).
    case acknowledged
    /// The URL the app received when an email link was opened on this device (it carries
    /// `__clerk_status`): the flow goes on at once, without waiting.
    case redirect(URL)
    /// The organization chosen for the `choose-organization` task (its id, `org_…`).
    case organization(String)
    /// A new organization to create for the `choose-organization` task (without a slug the API
    /// makes one from the name).
    case newOrganization(name: String, slug: String?)

    /// The answer as a log line: secrets show as a placeholder.
    public var description: String {
        switch self {
        case .identifier(let identifier): "identifier \(identifier)"
        case .password: "password \(Redaction.placeholder)"
        case .code: "code \(Redaction.placeholder)"
        case .resendCode: "resend code"
        case .startOver: "start over"
        case .secondFactor(let strategy): "second factor \(strategy.rawValue)"
        case .details(let details): "details (\(details.suppliedFields.map(\.rawValue).sorted().joined(separator: ", ")))"
        case .phoneNumber(let number): "phone number \(number)"
        case .acknowledged: "acknowledged"
        // The query is left out: a redirect may carry more than the status.
        case .redirect(let url): "redirect to \(url.scheme ?? "")://\(url.host ?? "")\(url.path)"
        case .organization(let id): "organization \(id)"
        case .newOrganization(let name, _): "new organization \(name)"
        }
    }
}

/// Supplies answers to the flow driver: a UI, a command-line prompt, or a script in tests.
public protocol FlowAnswerProvider: Sendable {
    /// Answers `question`. Throwing ends the flow (`CancellationError` as `.cancelled`).
    func answer(_ question: FlowQuestion) async throws -> FlowAnswer
}

/// An answer provider made from a closure.
public struct ClosureAnswerProvider: FlowAnswerProvider {
    private let body: @Sendable (FlowQuestion) async throws -> FlowAnswer

    /// A provider that calls `body` for each question.
    public init(_ body: @escaping @Sendable (FlowQuestion) async throws -> FlowAnswer) {
        self.body = body
    }

    /// Answers by calling the closure.
    public func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        try await body(question)
    }
}
