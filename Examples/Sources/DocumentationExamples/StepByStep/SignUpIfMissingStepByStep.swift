import Clerk
import ClerkTransfer

/// Signs in or up with an email code without a flow driver: the code is sent whether or not the
/// address has an account; a verified unknown address becomes a sign-up with `details`.
public func signInOrUpWithEmailCodeStepByStep(
    clerk: ClerkClient, emailAddress: String, details: SignUpDetails, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let signIn = try await clerk.startSignUpIfMissing(identifier: emailAddress, strategy: .emailCode)
    switch try await signIn.verifySignUpIfMissing(code: SecretString(await readCode()), details: details) {
    case .signedIn(let signIn): return try await signIn.finalize()
    case .signedUp(let signUp): return try await signUp.finalize()
    }
}
