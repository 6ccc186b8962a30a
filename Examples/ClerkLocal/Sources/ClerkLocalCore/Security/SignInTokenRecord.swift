import Foundation

/// A sign-in token a backend minted for a user (`POST /bapi/v1/sign_in_tokens`): signing in with it as a
/// `ticket` proves who the user is, once, before it expires, unless it was revoked. Only the token's
/// digest is kept; the token itself is in the Backend API's answer and nowhere else.
package struct SignInTokenRecord: Sendable, Codable {
    package enum Status: String, Sendable, Codable {
        case pending, accepted, revoked
    }

    package var id: String
    @Base64Bytes package var tokenDigest: [UInt8]
    package var status: Status
    package var expiresAt: Date
    package var createdAt: Date
    package var updatedAt: Date

    /// A new pending token and its secret.
    package static func issue(now: Date, lifetimeSeconds: Int) -> (SignInTokenRecord, token: String) {
        let token = SecureRandom.token()
        let record = SignInTokenRecord(
            id: SecureRandom.identifier(prefix: "sit"), tokenDigest: TokenDigest.of(token), status: .pending,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetimeSeconds)), createdAt: now, updatedAt: now)
        return (record, token)
    }
}
