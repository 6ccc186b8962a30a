import Clerk
import ClerkPhoneCode

/// Creates an account with a phone number (E.164), verified with the code texted to it.
public func signUpWithSMSCode(
    clerk: ClerkClient, phoneNumber: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let registry = try FactorRegistry([PhoneCodeStrategy(stages: [.signUpVerification])])
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .signUpDetails: return .details(SignUpDetails(phoneNumber: phoneNumber))
        case .code: return .code(SecretString(await readCode()))  // or .resendCode
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signUp()
}
