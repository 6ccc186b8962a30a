import Clerk
import ClerkClientTrust
import ClerkPassword

/// Signs in with an email address and a password; a new device is confirmed with an emailed code.
public func signInWithEmailAndPassword(
    clerk: ClerkClient, emailAddress: String,
    readPassword: @escaping @Sendable () async -> String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    var registry = try FactorRegistry([PasswordStrategy()])
    try registry.registerClientTrust()
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .password: return .password(SecretString(await readPassword()))  // asked again after a refusal
        case .code: return .code(SecretString(await readCode()))
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
