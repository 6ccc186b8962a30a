import ClerkAPI
import Foundation

/// One device or browser: identified by its token, holding its current sign-in and sign-up,
/// its sessions, and the users who have completed a sign-in on it (Client Trust).
package struct ClientRecord: Sendable, Codable {
    package var id: String
    package var token: String
    package var signInID: String?
    package var signUpID: String?
    package var sessionIDs: [String] = []
    package var lastActiveSessionID: String?
    package var lastAuthenticationStrategy: Strategy?
    package var trustedUserIDs: Set<String> = []
    /// The development browser (`POST /v1/dev_browser`) whose token finds this client, when a browser's
    /// requests made it: such a request names its client by that token instead of `Authorization`.
    package var devBrowserToken: String?
    package var createdAt: Date
    package var updatedAt: Date

    package static func new(now: Date) -> ClientRecord {
        ClientRecord(
            id: SecureRandom.identifier(prefix: "client"), token: SecureRandom.token(), createdAt: now, updatedAt: now)
    }
}
