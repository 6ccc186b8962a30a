import Foundation

/// A user's account at an enterprise connection's identity provider, linked when its provider first
/// proved the user's address (`enterprise_sso`).
package struct EnterpriseAccountRecord: Sendable, Codable, Hashable {
    package var id: String
    package var connectionID: String
    /// The provider's user id (the ID token's `sub`).
    package var providerUserID: String
    package var emailAddress: String
    package var firstName: String?
    package var lastName: String?
    package var createdAt: Date
    package var lastAuthenticatedAt: Date

    package init(_ identity: VerifiedIdentity, connectionID: String, now: Date) {
        id = SecureRandom.identifier(prefix: "eac")
        self.connectionID = connectionID
        providerUserID = identity.subject
        emailAddress = identity.emailAddress
        firstName = identity.firstName
        lastName = identity.lastName
        createdAt = now
        lastAuthenticatedAt = now
    }
}

extension UserRecord {
    /// Whether the user has `connectionID`'s account of `subject`.
    package func hasEnterpriseAccount(_ connectionID: String, subject: String) -> Bool {
        enterpriseAccounts?.contains { $0.connectionID == connectionID && $0.providerUserID == subject } ?? false
    }
}
