/// `POST /bapi/v1/sign_in_tokens`: the user it signs in and how long it lasts (30 days by default).
package struct BackendCreateSignInToken: Decodable, Sendable {
    package var userID: String
    package var expiresInSeconds: Int?

    package static let keys: Set<String> = ["user_id", "expires_in_seconds", "org_id"]
    package static let defaultLifetimeSeconds = 30 * 24 * 3600

    package enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case expiresInSeconds = "expires_in_seconds"
    }
}
