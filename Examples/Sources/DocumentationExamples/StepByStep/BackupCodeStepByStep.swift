import Clerk
import ClerkBackupCode
import ClerkPassword

/// Signs in with a password and a backup code without a flow driver.
public func signInWithBackupCodeStepByStep(
    clerk: ClerkClient, identifier: String, password: String, readBackupCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let signIn = try await clerk.signInWithPassword(identifier: identifier, password: SecretString(password))
    guard signIn.status == .needsSecondFactor else { return try await signIn.finalize() }
    let verified = try await signIn.verifyBackupCode(SecretString(await readBackupCode()))
    return try await verified.finalize()
}
