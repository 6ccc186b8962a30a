import ClerkAPI
import ClerkLocalCore
import Foundation

extension BackendPresenter {
    /// An actor token as the Backend API's `ActorToken` schema has it; `token` only when just minted.
    /// No `url`: Clerk's points at a hosted page that accepts the ticket in a browser, which this
    /// server does not serve; an app signs in with the token as a ticket.
    package static func actorToken(_ issued: IssuedActorToken) -> JSONValue {
        var object: [String: JSONValue] = [
            "object": "actor_token", "id": .string(issued.record.id), "status": .string(issued.record.status.rawValue),
            "user_id": .string(issued.userID), "actor": issued.record.actor,
            "created_at": millis(issued.record.createdAt), "updated_at": millis(issued.record.updatedAt),
        ]
        if let token = issued.token { object["token"] = .string(token) }
        return .object(object)
    }
}
