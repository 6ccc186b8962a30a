import Clerk
import ClerkEmailCode

/// Signs in with an email address and the code emailed to it.
public func signInWithEmailCode(
    clerk: ClerkClient, emailAddress: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let registry = try FactorRegistry([EmailCodeStrategy()])
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .code: return .code(SecretString(await readCode()))  // or .resendCode, .startOver
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
