import Clerk
import Foundation

extension SignInHandle {
    /// The verification an email link sent now is about: Client Trust goes through the second
    /// factor, anything else through the first.
    var linkVerification: Verification? {
        status == .needsClientTrust || status == .needsSecondFactor ? secondFactorVerification : firstFactorVerification
    }

    /// Waits until the email link sent for this sign-in is opened, on this device or another,
    /// by reading the sign-in again (`GET /v1/client/sign_ins/{id}`) with the pauses of `polling`,
    /// as clerk-js does. Returns the sign-in as the API then shows it: complete, needing a second
    /// factor, or with a transferable verification (signUpIfMissing).
    /// - Throws: `FlowError.emailLink` when the verification expired or failed, or the link was
    ///   not opened in time; `ClerkError.cancelled` when the task is cancelled.
    public func waitForEmailLink(polling: LinkPolling = .standard) async throws(ClerkError) -> SignInHandle {
        let before = status
        return try await waitForLink(
            on: client, polling, read: { () async throws(ClerkError) in try await reload() },
            state: { LinkVerificationState($0.linkVerification, moved: $0.status != before) })
    }

    /// Completes the wait at once with the redirect URL the app received when the link was
    /// opened on this device: reads the sign-in again when `__clerk_status` is `verified`.
    /// - Throws: `FlowError.emailLink` for `expired`, `failed` or `client_mismatch`;
    ///   `ClerkError.invalidInput` for a URL without a known `__clerk_status` (nothing is sent).
    public func handleRedirect(_ url: URL) async throws(ClerkError) -> SignInHandle {
        let redirect = try EmailLinkRedirect(url)
        if let failure = redirect.failure { throw .flow(.emailLink(failure)) }
        return try await reload()
    }
}
