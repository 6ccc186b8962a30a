import Clerk
import Foundation

extension SignUpHandle {
    /// Waits until the email link that verifies the sign-up's email address is opened, on this
    /// device or another, by reading the sign-up again (`GET /v1/client/sign_ups/{id}`) with the
    /// pauses of `polling`. Returns the sign-up as the API then shows it (complete, or still
    /// missing other requirements).
    /// - Throws: `FlowError.emailLink` when the verification expired or failed, or the link was
    ///   not opened in time; `ClerkError.cancelled` when the task is cancelled.
    public func waitForEmailLink(polling: LinkPolling = .standard) async throws(ClerkError) -> SignUpHandle {
        let before = status
        return try await waitForLink(
            on: client, polling, read: { () async throws(ClerkError) in try await reload() },
            state: { LinkVerificationState($0.verifications.emailAddress, moved: $0.status != before) })
    }

    /// Completes the wait at once with the redirect URL the app received when the link was
    /// opened on this device: reads the sign-up again when `__clerk_status` is `verified`.
    /// - Throws: `FlowError.emailLink` for `expired`, `failed` or `client_mismatch`;
    ///   `ClerkError.invalidInput` for a URL without a known `__clerk_status` (nothing is sent).
    public func handleRedirect(_ url: URL) async throws(ClerkError) -> SignUpHandle {
        let redirect = try EmailLinkRedirect(url)
        if let failure = redirect.failure { throw .flow(.emailLink(failure)) }
        return try await reload()
    }
}
