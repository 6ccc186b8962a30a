import ClerkAPI
import Foundation

/// An invitation a backend sent (`POST /bapi/v1/invitations`): its ticket signs up the invited
/// address, once, before it expires, unless revoked. Only the ticket's digest is kept; the ticket
/// itself is in the invitation email's link and the Backend API's answer, nowhere else.
package struct InvitationRecord: Sendable, Codable {
    /// What is stored; `expired` is read from the time (`status(now:)`).
    package enum State: String, Sendable, Codable {
        case pending, accepted, revoked
    }

    /// The status the Backend API shows.
    package enum Status: String, Sendable, CaseIterable {
        case pending, accepted, revoked, expired
    }

    package var id: String
    package var emailAddress: String
    package var publicMetadata: JSONValue
    @Base64Bytes package var ticketDigest: [UInt8]
    package var state: State
    package var expiresAt: Date
    package var createdAt: Date
    package var updatedAt: Date

    package func status(now: Date) -> Status {
        switch state {
        case .accepted: .accepted
        case .revoked: .revoked
        case .pending: now < expiresAt ? .pending : .expired
        }
    }

    /// A new pending invitation and its ticket.
    package static func issue(
        to emailAddress: String, publicMetadata: JSONValue, now: Date, lifetimeDays: Int
    ) -> (InvitationRecord, ticket: String) {
        let ticket = SecureRandom.token()
        let record = InvitationRecord(
            id: SecureRandom.identifier(prefix: "inv"), emailAddress: emailAddress, publicMetadata: publicMetadata,
            ticketDigest: TokenDigest.of(ticket), state: .pending,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetimeDays) * 24 * 3600), createdAt: now, updatedAt: now)
        return (record, ticket)
    }
}

/// An invitation as the Backend API answers it: its link (`url`, which carries the ticket) only
/// when it was just created.
package struct IssuedInvitation: Sendable {
    package var record: InvitationRecord
    package var url: String?
}
