import Clerk
import ClerkPassword

/// Signs in with a password without a flow driver, on a device where the password is enough.
public func signInWithPasswordStepByStep(clerk: ClerkClient, identifier: String, password: String) async throws -> ActiveSession {
    let signIn = try await clerk.signInWithPassword(identifier: identifier, password: SecretString(password))
    // `complete`, or `needs_second_factor` / `needs_client_trust`: then `finalize()` throws
    // `ClerkError.flow(.notComplete)` and the handle's next step is a second factor or a device code.
    return try await signIn.finalize()
}
