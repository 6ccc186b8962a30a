import Clerk
import ClerkPassword
import ClerkTOTP

/// Signs in with a password and an authenticator-app code without a flow driver.
public func signInWithAuthenticatorAppStepByStep(
    clerk: ClerkClient, identifier: String, password: String, readAuthenticatorCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let signIn = try await clerk.signInWithPassword(identifier: identifier, password: SecretString(password))
    guard signIn.status == .needsSecondFactor else { return try await signIn.finalize() }
    let verified = try await signIn.verifyTOTP(SecretString(await readAuthenticatorCode()))
    return try await verified.finalize()
}
