import Clerk
import Foundation

/// What opens the provider's page for the user and hands back the URL the browser was sent to at
/// the end: `ASWebAuthenticationSession` on Apple platforms (`WebAuthenticationRedirectSession`, compiled there only),
/// a loopback listener and the system browser on a desktop or command line, a scripted browser in tests.
public protocol OAuthRedirectSession: Sendable {
    /// Where the Frontend API sends the browser back (the sign-in's `redirect_url`): a URL the
    /// instance allows, which this session recognizes. Called once per sign-in, before the page opens.
    func redirectURL() async throws(ClerkError) -> URL

    /// Opens `url` (the provider's page) and returns the URL the browser reached that starts with
    /// `redirectURL`, with its query (`rotating_token_nonce`).
    /// - Throws: `ClerkError.cancelled` when the user closed the page.
    func open(_ url: URL, redirectURL: URL) async throws(ClerkError) -> URL
}
