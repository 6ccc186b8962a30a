import Clerk
import ClerkClientTrust
import ClerkPassword

/// Signs in with the email address and password of `form`; only on a device the account has not
/// used before does it ask `form` for the code emailed to confirm the device.
public func signInWithClientTrust(clerk: ClerkClient, form: any FlowAnswerProvider) async throws -> ActiveSession {
    var registry = try FactorRegistry([PasswordStrategy()])
    try registry.registerClientTrust()
    let driver = FlowDriver(client: clerk, registry: registry, answers: form)
    return try await driver.signIn()
}
