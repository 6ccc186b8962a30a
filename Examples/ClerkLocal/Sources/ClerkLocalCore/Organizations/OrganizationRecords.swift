import ClerkAPI
import Foundation

/// An organization: its name, unique slug, metadata, and its own limits (nil: the instance's).
package struct OrganizationRecord: Sendable, Codable, Hashable {
    package var id: String
    package var name: String
    package var slug: String
    package var publicMetadata: JSONValue
    package var privateMetadata: JSONValue
    /// Members allowed, pending invitations included (0: no limit); nil: the instance's setting.
    package var maxAllowedMemberships: Int?
    package var adminDeleteEnabled: Bool
    /// The user who created it, if a user did (nil from the Backend API without `created_by`).
    package var createdBy: String?
    package var createdAt: Date
    package var updatedAt: Date
    /// The uploaded logo, kept with the organization so that it is stored, exported and restored with it.
    package var logo: StoredImage? = nil
}

/// A user's membership of an organization, with its role.
package struct MembershipRecord: Sendable, Codable, Hashable {
    package var id: String
    package var organizationID: String
    package var userID: String
    package var role: String
    package var publicMetadata: JSONValue
    package var privateMetadata: JSONValue
    package var createdAt: Date
    package var updatedAt: Date
}

/// An invitation to join an organization with a role, sent to an email address. Accepted by the
/// invited user (`/v1/me/organization_invitations/{id}/accept`) while pending and unexpired.
package struct OrganizationInvitationRecord: Sendable, Codable, Hashable {
    package enum State: String, Sendable, Codable {
        case pending, accepted, revoked
    }

    package var id: String
    package var organizationID: String
    package var emailAddress: String
    package var role: String
    package var state: State
    package var publicMetadata: JSONValue
    package var privateMetadata: JSONValue
    /// Who invited (nil from the Backend API without `inviter_user_id`, and for a domain's invitation).
    package var inviterUserID: String?
    /// The verified domain in `automatic_invitation` mode that made it, if one did.
    package var domainID: String? = nil
    /// The email's link carries a ticket; only its digest is kept.
    @Base64Bytes package var ticketDigest: [UInt8]
    package var expiresAt: Date
    package var createdAt: Date
    package var updatedAt: Date

    /// `pending`, `accepted`, `revoked` or `expired` at `now`.
    package func status(now: Date) -> String {
        switch state {
        case .accepted: "accepted"
        case .revoked: "revoked"
        case .pending: now < expiresAt ? "pending" : "expired"
        }
    }

    package func isPending(now: Date) -> Bool { state == .pending && now < expiresAt }
}
