import Clerk

/// Signs in with an email address and a password, then the code the user's authenticator app shows.
public func signInWithAuthenticatorApp(
    clerk: ClerkClient, emailAddress: String,
    readPassword: @escaping @Sendable () async -> String, readAuthenticatorCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let driver = FlowDriver(client: clerk, registry: try multiFactorRegistry()) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .password: return .password(SecretString(await readPassword()))
        case .chooseSecondFactor: return .secondFactor(.totp)
        case .code: return .code(SecretString(await readAuthenticatorCode()))
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
