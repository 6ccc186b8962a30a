import Clerk
import ClerkBackupCode
import ClerkClientTrust
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP

/// The strategies of an app offering the three second factors: SMS code, authenticator app and
/// backup code (and Client Trust, which multi-factor authentication takes precedence over).
public func multiFactorRegistry() throws -> FactorRegistry {
    var registry = try FactorRegistry([
        PasswordStrategy(), PhoneCodeStrategy(stages: [.secondFactor]), TOTPStrategy(), BackupCodeStrategy(),
    ])
    try registry.registerClientTrust()
    return registry
}

/// Signs in with an email address and a password, then the code texted to the account's phone.
public func signInWithSMSSecondFactor(
    clerk: ClerkClient, emailAddress: String,
    readPassword: @escaping @Sendable () async -> String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let driver = FlowDriver(client: clerk, registry: try multiFactorRegistry()) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .password: return .password(SecretString(await readPassword()))
        case .chooseSecondFactor: return .secondFactor(.phoneCode)
        case .code: return .code(SecretString(await readCode()))
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
