import Clerk
import ClerkClientTrust
import ClerkPassword
import Foundation

// clerk-local's address; for your Clerk instance: try ClerkClient(publishableKey: "pk_test_…")
let url = ProcessInfo.processInfo.environment["CLERK_FRONTEND_API"] ?? "http://127.0.0.1:8787"

do {
    let clerk = ClerkClient(configuration: try ClerkConfiguration(frontendAPIURL: url))
    var registry = try FactorRegistry([PasswordStrategy()])
    try registry.registerClientTrust()  // a password sign-in on a new device is confirmed with a code

    let driver = FlowDriver(client: clerk, registry: registry) { question -> FlowAnswer in
        switch question {
        case .identifier:
            return .identifier("jane+clerk_test@example.com")
        case .password:
            print("Password:", terminator: " ")
            return .password(SecretString(readLine() ?? ""))
        case .code(let prompt):
            print("Code sent to \(prompt.sentTo ?? "you"):", terminator: " ")  // +clerk_test addresses take 424242
            return .code(SecretString(readLine() ?? ""))
        default:
            throw ClerkError.unanswered(question)
        }
    }
    let session = try await driver.signIn()
    let token = try await clerk.sessionToken()
    print("Signed in: session \(session.id), a session token of \(token.jwt.count) characters")
} catch {
    print("\nSign-in failed: \(error)")  // one line; ClerkError never shows a password, code or token
    exit(1)
}
