import Foundation

/// An identity provider's account linked to a user: who the provider says the user is (`sub`),
/// with the email address and names its token carried when it was linked. A connection the user
/// started from their account waits for the provider with a `verification`.
package struct ExternalAccountRecord: Sendable, Codable, Hashable {
    package var id: String
    package var provider: IdentityTokenProvider
    /// The provider's user id (the token's `sub`).
    package var providerUserID: String
    package var emailAddress: String
    package var firstName: String?
    package var lastName: String?
    package var createdAt: Date
    package var updatedAt: Date
    /// The browser verification of a connection not (yet) verified by the provider, or of a
    /// reauthorization under way; nil once verified.
    package var verification: ExternalVerification?

    /// Verified by its provider once: a connection's pending account has no provider user id yet.
    package var isLinked: Bool { verification == nil || !providerUserID.isEmpty }

    package init(_ identity: VerifiedIdentity, now: Date) {
        id = SecureRandom.identifier(prefix: "eac")
        provider = identity.provider
        providerUserID = identity.subject
        emailAddress = identity.emailAddress
        firstName = identity.firstName
        lastName = identity.lastName
        createdAt = now
        updatedAt = now
    }
}

extension UserRecord {
    /// The accounts linked, verified by their provider (a reauthorization under way keeps an account
    /// linked): ways to sign in (none for users kept before external accounts existed).
    package var linkedAccounts: [ExternalAccountRecord] { allExternalAccounts.filter(\.isLinked) }

    /// The linked accounts and the connections waiting for (or refused by) their provider.
    package var allExternalAccounts: [ExternalAccountRecord] { externalAccounts ?? [] }

    package func hasExternalAccount(_ provider: IdentityTokenProvider, subject: String) -> Bool {
        linkedAccounts.contains { $0.provider == provider && $0.providerUserID == subject }
    }
}
