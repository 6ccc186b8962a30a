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
    /// A native email link's PKCE challenge (S256): opening the link then signs nobody in, it
    /// approves the flow for whoever shows the verifier (`POST /v1/client/magic_links/complete`).
    package var codeChallenge: String?
    /// The approval opening a native link gave.
    package var approval: LinkApproval?

    /// A new link and its token, which goes into the email and nowhere else.
    package static func issue(now: Date, lifetimeSeconds: Int, redirectURL: String) -> (LinkChallenge, token: String) {
        let token = SecureRandom.token()
        let link = LinkChallenge(
            tokenDigest: TokenDigest.of(token), redirectURL: redirectURL, expiresAt: now.addingTimeInterval(TimeInterval(lifetimeSeconds)))
        return (link, token)
    }

    package func status(now: Date) -> VerificationStatus {
        // A native link verifies once the app completed it with its verifier, not when it is opened.
        if openedAt != nil, codeChallenge == nil || approval?.consumedAt != nil { return .verified }
        return now < expiresAt ? .unverified : .expired
    }
}

/// What opening a native email link gave: an approval token (only its digest is kept; the token
/// goes to the app in the redirect) that completes the flow once, before it expires.
package struct LinkApproval: Sendable, Codable {
    @Base64Bytes package var tokenDigest: [UInt8]
    package var expiresAt: Date
    package var consumedAt: Date?

    /// A new approval and its token.
    package static func issue(now: Date, lifetimeSeconds: Int) -> (LinkApproval, token: String) {
        let token = SecureRandom.token()
        return (LinkApproval(tokenDigest: TokenDigest.of(token), expiresAt: now.addingTimeInterval(TimeInterval(lifetimeSeconds))), token)
    }
}
