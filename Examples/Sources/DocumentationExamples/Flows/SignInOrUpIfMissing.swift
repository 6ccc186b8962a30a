import Clerk
import ClerkTransfer

/// Signs in with the email address of `form` and the code emailed to it, or signs up when the
/// address has no account, without revealing before the code is verified which one it is.
public func signInOrUpWithEmailCode(clerk: ClerkClient, form: any FlowAnswerProvider) async throws -> ActiveSession {
    let registry = try FactorRegistry([SignUpIfMissingStrategy(.emailCode)])
    let driver = FlowDriver(client: clerk, registry: registry, answers: form)
    return try await driver.signIn()
}
