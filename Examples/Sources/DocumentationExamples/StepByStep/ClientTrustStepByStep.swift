import Clerk
import ClerkClientTrust
import ClerkPassword

/// Signs in with a password without a flow driver, confirming a new device with the code sent to
/// the account's email address (or phone, when the sign-in offers no email factor).
public func signInConfirmingDeviceStepByStep(
    clerk: ClerkClient, identifier: String, password: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    var signIn = try await clerk.signInWithPassword(identifier: identifier, password: SecretString(password))
    if signIn.status == .needsClientTrust {
        signIn = try await signIn.sendClientTrustCode()
        signIn = try await signIn.verifyClientTrustCode(SecretString(await readCode()))
    }
    return try await signIn.finalize()
}
