import Clerk

/// Signs in with an email address and a password, then one of the account's backup codes.
/// `readBackupCode` gets the refusal of the previous code (a used one), if any.
public func signInWithBackupCode(
    clerk: ClerkClient, emailAddress: String, readPassword: @escaping @Sendable () async -> String,
    readBackupCode: @escaping @Sendable (_ previousError: ClerkError?) async -> String
) async throws -> ActiveSession {
    let driver = FlowDriver(client: clerk, registry: try multiFactorRegistry()) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .password: return .password(SecretString(await readPassword()))
        case .chooseSecondFactor: return .secondFactor(.backupCode)
        case .code(let prompt): return .code(SecretString(await readBackupCode(prompt.previousError)))
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
