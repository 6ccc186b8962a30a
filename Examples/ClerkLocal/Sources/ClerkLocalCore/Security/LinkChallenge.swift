import ClerkAPI
import Foundation

/// An email link waiting to be opened: the digest of its token (the token itself is only in the
/// email), where opening it sends the browser, and until when it can be opened. It opens once.
package struct LinkChallenge: Sendable, Codable {
    @Base64Bytes package var tokenDigest: [UInt8]
    package var redirectURL: String
    package var expiresAt: Date
    package var openedAt: Date?
    /// The client that opened it, when the opening request named one.
    package var openedByClientID: String?

    /// A new link and its token, which goes into the email and nowhere else.
    package static func issue(now: Date, lifetimeSeconds: Int, redirectURL: String) -> (LinkChallenge, token: String) {
        let token = SecureRandom.token()
        let link = LinkChallenge(
            tokenDigest: TokenDigest.of(token), redirectURL: redirectURL, expiresAt: now.addingTimeInterval(TimeInterval(lifetimeSeconds)))
        return (link, token)
    }

    package func status(now: Date) -> VerificationStatus {
        if openedAt != nil { return .verified }
        return now < expiresAt ? .unverified : .expired
    }
}
