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
    /// A new password: when the sign-in is `needs_new_password` (after a password reset code),
    /// or for the `reset-password` session task. Answer `.password` (or `.startOver`).
    case newPassword(retry: ClerkError?)
    /// Which second factor to set up for the `setup-mfa` session task, among `options` (registered
    /// `SecondFactorSetup` strategies), asked when there are several. Answer `.secondFactor` or `.startOver`.
    case chooseSecondFactorSetup(options: [Strategy])
    /// Show the user the authenticator app's secret and `otpauth://` URI (as a QR code) to add
    /// the account to their app; a `.code` question for the first code follows. Answer
    /// `.acknowledged` once it is added, or `.startOver`.
    case authenticatorAppSetup(AuthenticatorEnrollment)
    /// The phone number (E.164) to receive second-factor codes; `verified` lists the user's
    /// verified numbers, which need no new verification. Answer `.phoneNumber` or `.startOver`.
    case phoneNumberForSecondFactor(verified: [String])
    /// Show the user their backup codes, once, to keep somewhere safe. Answer `.acknowledged`.
    case backupCodes(BackupCodeList)
    /// A link was sent by email (`prompt.sentTo`): tell the user to open it, on this device or
    /// another. Answer `.acknowledged` to wait until it is opened (the driver polls), `.redirect`
    /// with the URL the app received when it was opened here, `.resendCode` for a new link, or
    /// `.startOver`.
    case emailLinkSent(EmailLinkPrompt)
    /// The session's `choose-organization` task: the user picks one of `memberships` (their
    /// organizations, as the session's user lists them) or creates one. Answer `.organization`
    /// with an organization id, `.newOrganization`, or `.startOver`.
    case chooseOrganization(memberships: [OrganizationMembership])

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
        case .chooseSecondFactorSetup(let options): "second factor to set up among \(options.map(\.rawValue).joined(separator: ", "))"
        case .authenticatorAppSetup: "add the account to an authenticator app"
        case .phoneNumberForSecondFactor(let verified):
            "phone number for second-factor codes" + (verified.isEmpty ? "" : " (verified: \(verified.joined(separator: ", ")))")
        case .backupCodes(let list): "keep \(list.codes.count) backup codes"
        case .emailLinkSent(let prompt): "open the \(prompt.description)"
        case .chooseOrganization(let memberships):
            "organization to choose or create" + (memberships.isEmpty ? "" : " (member of \(memberships.map(\.organization.slug).joined(separator: ", ")))")
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
