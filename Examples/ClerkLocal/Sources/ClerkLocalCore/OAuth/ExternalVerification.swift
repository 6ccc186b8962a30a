import Foundation

/// The browser part of an OAuth verification: where the app sends the user (the provider's
/// authorization URL), until when, and why it failed when the provider or the exchange said no.
package struct ExternalVerification: Sendable, Codable, Hashable {
    package var redirectURL: String
    package var expiresAt: Date
    /// The Clerk error code of the failure (`oauth_access_denied`, `oauth_token_exchange_error`, …).
    package var errorCode: String?
    /// The callback's result, waiting for the owning client's `rotating_token_nonce`.
    package var held: HeldOAuthCallback?
    /// The enterprise connection whose provider this verification goes to (`enterprise_sso`); nil for a social provider.
    package var enterpriseConnectionID: String?

    package static let lifetime: TimeInterval = 600
}
