import Clerk
import ClerkPhoneCode

/// Signs in with a phone number (E.164, such as `+14155552671`) and the code texted to it.
public func signInWithSMSCode(
    clerk: ClerkClient, phoneNumber: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let registry = try FactorRegistry([PhoneCodeStrategy()])
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(phoneNumber)
        case .code: return .code(SecretString(await readCode()))  // or .resendCode, .startOver
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
