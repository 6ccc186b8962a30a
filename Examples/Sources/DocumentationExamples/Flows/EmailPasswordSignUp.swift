import Clerk
import ClerkEmailCode

/// Creates an account with an email address and a password, verified with an emailed code.
public func signUpWithEmailAndPassword(
    clerk: ClerkClient, emailAddress: String, password: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let registry = try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])])
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .signUpDetails:
            return .details(SignUpDetails(emailAddress: emailAddress, password: SecretString(password)))
        case .code: return .code(SecretString(await readCode()))  // asked again after a refusal
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signUp()
}
