import Foundation

/// What the provider's callback proved for a browser verification: the identity its ID token
/// verified, or the Clerk error code of its refusal.
package enum OAuthCallbackResult: Sendable, Codable, Hashable {
    case identity(VerifiedIdentity)
    case refused(code: String)
}

/// A callback's result held on the verification until the client that started it presents the
/// callback's `rotating_token_nonce`: whoever finished the provider's step in a browser cannot
/// complete someone else's sign-in. Only the nonce's digest is kept; it is used once.
package struct HeldOAuthCallback: Sendable, Codable, Hashable {
    package var nonceDigest: [UInt8]
    package var result: OAuthCallbackResult

    package init(nonce: String, result: OAuthCallbackResult) {
        self.nonceDigest = TokenDigest.of(nonce)
        self.result = result
    }

    package func isRedeemed(by nonce: String) -> Bool {
        TokenDigest.matches(nonceDigest, TokenDigest.of(nonce))
    }
}
