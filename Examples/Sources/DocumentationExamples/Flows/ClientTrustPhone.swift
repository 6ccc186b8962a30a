import Clerk
import ClerkClientTrust
import ClerkPassword

/// Signs in with a phone number and a password; a new device is confirmed with a texted code when
/// the instance offers no email option.
public func signInWithPhoneAndPassword(
    clerk: ClerkClient, phoneNumber: String,
    readPassword: @escaping @Sendable () async -> String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    var registry = try FactorRegistry([PasswordStrategy()])
    try registry.registerClientTrust()  // email first, then phone
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(phoneNumber)
        case .password: return .password(SecretString(await readPassword()))
        case .code: return .code(SecretString(await readCode()))
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
