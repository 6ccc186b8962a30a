import ClerkAPI
import Foundation

/// One device or browser: identified by its token, holding its current sign-in and sign-up,
/// its sessions, and the users who have completed a sign-in on it (Client Trust).
struct ClientRecord: Sendable, Codable {
    var id: String
    var token: String
    var signInID: String?
    var signUpID: String?
    var sessionIDs: [String] = []
    var lastActiveSessionID: String?
    var lastAuthenticationStrategy: Strategy?
    var trustedUserIDs: Set<String> = []
    var createdAt: Date
    var updatedAt: Date

    static func new(now: Date) -> ClientRecord {
        ClientRecord(
            id: SecureRandom.identifier(prefix: "client"), token: SecureRandom.token(), createdAt: now, updatedAt: now)
    }
}
