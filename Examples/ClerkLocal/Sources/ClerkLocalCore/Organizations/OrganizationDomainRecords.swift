import ClerkAPI
import Foundation

/// An email domain of an organization. Once an admin proves their affiliation with it (a code
/// emailed to an address at the domain), users with a verified address there are invited or
/// suggested, as its enrollment mode says.
package struct OrganizationDomainRecord: Sendable, Codable {
    package var id: String
    package var organizationID: String
    /// Lower-cased, as addresses are compared.
    package var name: String
    /// `manual_invitation`, `automatic_invitation` or `automatic_suggestion`.
    package var enrollmentMode: String
    package var affiliationEmailAddress: String?
    /// The code sent to `affiliationEmailAddress`; nil until one is sent.
    package var affiliation: CodeChallenge?
    package var verifiedAt: Date?
    package var createdAt: Date
    package var updatedAt: Date

    package var isVerified: Bool { verifiedAt != nil }
}

/// An organization suggested to a user because a verified domain in `automatic_suggestion` mode
/// matches one of their verified addresses. Accepting it sends a membership request.
package struct OrganizationSuggestionRecord: Sendable, Codable, Hashable {
    package enum State: String, Sendable, Codable {
        case pending, accepted
    }

    package var id: String
    package var organizationID: String
    package var domainID: String
    package var userID: String
    package var state: State
    package var createdAt: Date
    package var updatedAt: Date
}

/// A user's request to join an organization (from an accepted suggestion), which members with
/// `org:sys_memberships:manage` accept or reject.
package struct OrganizationMembershipRequestRecord: Sendable, Codable, Hashable {
    package enum State: String, Sendable, Codable {
        case pending, accepted, rejected
    }

    package var id: String
    package var organizationID: String
    package var userID: String
    package var state: State
    package var createdAt: Date
    package var updatedAt: Date
}
