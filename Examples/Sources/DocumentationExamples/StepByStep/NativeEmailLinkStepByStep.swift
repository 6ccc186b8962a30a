import Clerk
import ClerkEmailLink
import Foundation

/// Sends a sign-in link that comes back to the app (`redirectURL`, a universal link or custom
/// scheme). Keep `pending.flowID` and `pending.verifier.value` (the keychain) if the app may
/// restart before the link arrives.
public func sendSignInLinkToApp(clerk: ClerkClient, emailAddress: String, redirectURL: URL) async throws -> NativeEmailLinkSignIn {
    try await clerk.startNativeEmailLinkSignIn(emailAddress: emailAddress, redirectURL: redirectURL)
}

/// The link opened the app with `url` (`flow_id` and `approval_token`): completes it with the
/// verifier the app kept, then signs in with the ticket it gets.
public func completeSignInLink(_ pending: NativeEmailLinkSignIn, openedWith url: URL) async throws -> ActiveSession {
    let signIn = try await pending.complete(link: url)
    return try await signIn.finalize()
}
