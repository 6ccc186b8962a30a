import ClerkAPI

/// `POST /bapi/v1/actor_tokens`: the user to act as, the actor (an object with at least `sub`, the
/// impersonating user's id), how long the token lasts (an hour by default) and how long the session
/// it starts may last (30 minutes by default), as Clerk's Backend API spec has them.
package struct BackendCreateActorToken: Decodable, Sendable {
    package var userID: String
    package var actor: JSONValue?
    package var expiresInSeconds: Int?
    package var sessionMaxDurationInSeconds: Int?

    package static let keys: Set<String> = ["user_id", "actor", "expires_in_seconds", "session_max_duration_in_seconds"]
    package static let defaultLifetimeSeconds = 3600
    package static let defaultSessionMaxDurationSeconds = 1800

    package enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case actor
        case expiresInSeconds = "expires_in_seconds"
        case sessionMaxDurationInSeconds = "session_max_duration_in_seconds"
    }
}
