import Clerk
import ClerkPhoneCode

/// Signs in with an SMS code without a flow driver: start (which texts the code), verify, finalize.
public func signInWithSMSCodeStepByStep(
    clerk: ClerkClient, phoneNumber: String, readCode: @escaping @Sendable () async -> String
) async throws -> ActiveSession {
    let signIn = try await clerk.startPhoneCodeSignIn(phoneNumber: phoneNumber)
    let verified = try await signIn.verifyPhoneCode(SecretString(await readCode()))
    return try await verified.finalize()
}
