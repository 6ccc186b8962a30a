import Clerk
import ClerkClientTrust
import ClerkEmailCode
import ClerkPassword
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client for the Clerk instance a publishable key names.
public func makeClerkClient(publishableKey: String) throws -> ClerkClient {
    try ClerkClient(publishableKey: publishableKey)
}

/// A client for a Frontend API URL: a proxy, or the local server.
public func makeClerkClient(frontendAPIURL: String) throws -> ClerkClient {
    ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: frontendAPIURL))
}

/// Signs in with an email address and a password; on a device the account has not used before,
/// with the code emailed to confirm it as well.
public func signIn(
    clerk: ClerkClient, emailAddress: String,
    readPassword: @escaping @Sendable () async -> String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    var registry = try FactorRegistry([PasswordStrategy()])
    try registry.registerClientTrust()
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .password: return .password(SecretString(await readPassword()))
        case .code: return .code(SecretString(await readCode()))  // or .resendCode, .startOver
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}

/// `request` with the signed-in user's session token, for your backend to verify.
public func authorized(_ request: URLRequest, clerk: ClerkClient) async throws -> URLRequest {
    let token = try await clerk.sessionToken()
    var request = request
    request.setValue("Bearer \(token.jwt)", forHTTPHeaderField: "Authorization")
    return request
}

/// The text above a code field: where the code went and, when the last code was refused, why.
public func codeScreenText(for prompt: CodePrompt) -> String {
    let instruction = prompt.sentTo.map { "Enter the code sent to \($0)." } ?? "Enter the code."
    guard let refusal = prompt.previousError else { return instruction }
    // Clerk's message for the refusal (form_code_incorrect: the code was wrong); a lost answer has none.
    let reason = refusal.apiErrors.first?.longMessage ?? "The last code could not be checked."
    return "\(reason) \(instruction)"
}

/// Signs in with an email code; `showCodeScreen` shows `text` above the code field and returns what
/// the user typed.
public func signInWithEmailCode(
    clerk: ClerkClient, emailAddress: String, showCodeScreen: @escaping @Sendable (_ text: String) async -> String
) async throws -> ActiveSession {
    let registry = try FactorRegistry([EmailCodeStrategy()])
    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier: return .identifier(emailAddress)
        case .code(let prompt): return .code(SecretString(await showCodeScreen(codeScreenText(for: prompt))))
        default: throw ClerkError.unanswered(question)
        }
    }
    return try await driver.signIn()
}
