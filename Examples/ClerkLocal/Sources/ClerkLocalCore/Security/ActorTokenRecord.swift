import ClerkAPI
import Foundation

/// An actor token a backend minted (`POST /bapi/v1/actor_tokens`): signing in with it as a `ticket`
/// starts a session of the token's user on behalf of the actor (`actor.sub`, the impersonating
/// user), once, before it expires, unless it was revoked. The session carries the actor, and lasts
/// at most `sessionMaxDurationSeconds`. Only the token's digest is kept.
package struct ActorTokenRecord: Sendable, Codable {
    package enum Status: String, Sendable, Codable {
        case pending, accepted, revoked
    }

    package var id: String
    @Base64Bytes package var tokenDigest: [UInt8]
    package var status: Status
    /// The actor payload as the backend gave it (at least `sub`); the session and its tokens carry it.
    package var actor: JSONValue
    package var sessionMaxDurationSeconds: Int
    package var expiresAt: Date
    package var createdAt: Date
    package var updatedAt: Date

    /// A new pending token and its secret.
    package static func issue(
        actor: JSONValue, now: Date, lifetimeSeconds: Int, sessionMaxDurationSeconds: Int
    ) -> (ActorTokenRecord, token: String) {
        let token = SecureRandom.token()
        let record = ActorTokenRecord(
            id: SecureRandom.identifier(prefix: "act"), tokenDigest: TokenDigest.of(token), status: .pending, actor: actor,
            sessionMaxDurationSeconds: sessionMaxDurationSeconds,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetimeSeconds)), createdAt: now, updatedAt: now)
        return (record, token)
    }
}
