/// What the flow driver needs from the user, one question at a time.
public enum FlowQuestion: Sendable, Hashable, CustomStringConvertible {
    /// The identifier (email address, phone number in E.164, username) to sign in with, for a
    /// first factor of `strategy`. Answer `.identifier`.
    case identifier(strategy: Strategy)
    /// The password for `identifier`. Answer `.password`. `retry` is the rejection of the previous one.
    case password(identifier: String, retry: ClerkError?)
    /// A one-time code. Answer `.code`, `.resendCode` or `.startOver`.
    case code(CodePrompt)
    /// Which second factor to use among `options` (registered and supported). Answer `.secondFactor`.
    case chooseSecondFactor(options: [Strategy])
    /// The fields to start a sign-up with. Answer `.details`.
    case signUpDetails
    /// Fields the sign-up still needs (e.g. `legal_accepted`, `first_name`). Answer `.details`.
    case missingFields([SignUpField])
    /// A new password, when the sign-in is `needs_new_password`. Answer `.password`.
    case newPassword(retry: ClerkError?)

    /// The question as a short phrase, for logs and transcripts.
    public var description: String {
        switch self {
        case .identifier(let strategy): "identifier (for \(strategy.rawValue))"
        case .password(let identifier, let retry): "password for \(identifier)\(retry == nil ? "" : " (again)")"
        case .code(let prompt): prompt.description
        case .chooseSecondFactor(let options): "second factor among \(options.map(\.rawValue).joined(separator: ", "))"
        case .signUpDetails: "sign-up details"
        case .missingFields(let fields): "missing fields: \(fields.map(\.rawValue).joined(separator: ", "))"
        case .newPassword(let retry): "new password\(retry == nil ? "" : " (again)")"
        }
    }
}

/// What a code question is about.
public struct CodePrompt: Sendable, Hashable, CustomStringConvertible {
    /// Where in the flow the code is asked.
    public var stage: FactorStage
    /// The strategy (`email_code`, `phone_code`, `totp`, `backup_code`).
    public var strategy: Strategy
    /// Where the code was sent, masked by the API (e.g. `j***@example.com`), when it was sent.
    public var sentTo: String?
    /// 1 for the first try; more after a rejected code.
    public var attempt: Int
    /// Why the previous code was refused, if it was.
    public var previousError: ClerkError?

    /// A prompt for a code of `strategy` at `stage`.
    public init(stage: FactorStage, strategy: Strategy, sentTo: String? = nil, attempt: Int = 1, previousError: ClerkError? = nil) {
        self.stage = stage
        self.strategy = strategy
        self.sentTo = sentTo
        self.attempt = attempt
        self.previousError = previousError
    }

    /// The prompt as a short phrase: strategy, stage, where the code went and which try this is.
    public var description: String {
        var text = "\(strategy.rawValue) code for \(stage.rawValue)"
        if let sentTo { text += " sent to \(sentTo)" }
        if attempt > 1 { text += " (try \(attempt))" }
        return text
    }
}
