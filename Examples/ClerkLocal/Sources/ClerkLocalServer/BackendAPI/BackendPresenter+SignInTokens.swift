import ClerkAPI
import ClerkLocalCore
import Foundation

extension BackendPresenter {
    /// A sign-in token as the Backend API's `SignInToken` schema has it; `token` only when just minted.
    package static func signInToken(_ issued: IssuedSignInToken) -> JSONValue {
        var object: [String: JSONValue] = [
            "object": "sign_in_token", "id": .string(issued.record.id), "status": .string(issued.record.status.rawValue),
            "user_id": .string(issued.userID), "url": .null,
            "created_at": millis(issued.record.createdAt), "updated_at": millis(issued.record.updatedAt),
        ]
        if let token = issued.token { object["token"] = .string(token) }
        return .object(object)
    }
}
