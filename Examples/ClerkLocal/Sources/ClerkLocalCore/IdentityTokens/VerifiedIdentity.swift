import ClerkAPI

/// Who an ID token proved the caller is, once verified: what a sign-in matches and a sign-up
/// creates the user and the external account from. Never the token itself.
package struct VerifiedIdentity: Sendable, Codable, Hashable {
    package var provider: IdentityTokenProvider
    /// The strategy the token came with (`oauth_token_apple`, `google_one_tap`, ...).
    package var strategy: Strategy
    /// The provider's user id (`sub`).
    package var subject: String
    /// Normalized; the provider verified it.
    package var emailAddress: String
    package var firstName: String?
    package var lastName: String?
    /// The enterprise connection whose provider proved the identity (`enterprise_sso`); nil for a social provider.
    package var enterpriseConnectionID: String?
}
