import Clerk
import ClerkEmailLink
import Foundation

/// Starts a sign-up whose email address a link that comes back to the app verifies. Keep
/// `pending.flowID` and `pending.verifier.value` (the keychain) if the app may restart first.
public func sendSignUpLinkToApp(clerk: ClerkClient, emailAddress: String, redirectURL: URL) async throws -> NativeEmailLinkSignUp {
    try await clerk.startNativeEmailLinkSignUp(CreateSignUpRequest.Body(emailAddress: emailAddress), redirectURL: redirectURL)
}

/// The link opened the app with `url`: completes it with the verifier the app kept. The answer is
/// the sign-up, its address verified; once nothing else is missing, its session is active.
public func completeSignUpLink(_ pending: NativeEmailLinkSignUp, openedWith url: URL) async throws -> ActiveSession? {
    let signUp = try await pending.complete(link: url)
    return signUp.isComplete ? try await signUp.finalize() : nil
}
