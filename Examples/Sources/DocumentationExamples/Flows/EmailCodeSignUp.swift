import Clerk
import ClerkEmailCode

/// Creates an account with an email address, verified with the code emailed to it; no password.
public func signUpWithEmailCode(
    clerk: ClerkClient, emailAddress: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let registry = try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])])
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .signUpDetails: return .details(SignUpDetails(emailAddress: emailAddress))
        case .code: return .code(SecretString(await readCode()))  // or .resendCode
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signUp()
}
