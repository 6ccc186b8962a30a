import Clerk
import ClerkClientTrust
import ClerkEmailCode
import ClerkPassword

/// Signs in with the email address and password of `form`, or signs up with them when the address
/// has no account; a new device is confirmed with an emailed code.
public func signInOrUp(clerk: ClerkClient, form: any FlowAnswerProvider) async throws(ClerkError) -> ActiveSession {
    var registry = try FactorRegistry([PasswordStrategy(), EmailCodeStrategy(stages: [.signUpVerification])])
    try registry.registerClientTrust()
    let driver = FlowDriver(client: clerk, registry: registry, answers: form)
    do {
        return try await driver.signIn(strategy: .password)
    } catch  where error.hasCode(.formIdentifierNotFound) {
        return try await driver.signUp()
    }
}
