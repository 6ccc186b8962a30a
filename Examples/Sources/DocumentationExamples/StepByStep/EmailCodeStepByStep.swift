import Clerk
import ClerkEmailCode

/// Signs in with an email code without a flow driver: start (which emails the code), verify, finalize.
public func signInWithEmailCodeStepByStep(
    clerk: ClerkClient, emailAddress: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let signIn = try await clerk.startEmailCodeSignIn(emailAddress: emailAddress)
    let verified = try await signIn.verifyEmailCode(SecretString(await readCode()))
    return try await verified.finalize()
}
