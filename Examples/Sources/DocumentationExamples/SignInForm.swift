import Clerk

/// A sign-in-or-up form as a `FlowAnswerProvider`: the email address and password the user typed,
/// the terms checkbox, and the screen where the user types a code they received.
public struct SignInForm: FlowAnswerProvider {
    public var emailAddress: String
    public var password: String?
    public var acceptsTerms: Bool
    public var readCode: @Sendable () async -> String

    public init(emailAddress: String, password: String? = nil, acceptsTerms: Bool, readCode: @escaping @Sendable () async -> String) {
        self.emailAddress = emailAddress
        self.password = password
        self.acceptsTerms = acceptsTerms
        self.readCode = readCode
    }

    public func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        switch question {
        case .identifier:
            return .identifier(emailAddress)
        case .password:
            guard let password else { throw CancellationError() }
            return .password(SecretString(password))
        case .signUpDetails:
            return .details(SignUpDetails(emailAddress: emailAddress, password: password.map { SecretString($0) }))
        case .missingFields(let fields) where fields == [.legalAccepted] && acceptsTerms:
            return .details(SignUpDetails(legalAccepted: true))
        case .code:
            return .code(SecretString(await readCode()))
        default:
            throw CancellationError()  // a question this form has no field for: the flow ends as cancelled
        }
    }
}
