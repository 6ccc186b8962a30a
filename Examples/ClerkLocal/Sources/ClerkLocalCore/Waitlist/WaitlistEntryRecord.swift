import Foundation

/// An email address on the instance's waitlist (`POST /v1/waitlist`, or the Backend API's
/// `POST /waitlist_entries`). Its status moves as Clerk's Backend API spec describes: `pending` when it
/// joins, `invited` once the backend invites it (an invitation with the `waitlist_invitation` template),
/// `completed` when that invitation's ticket signs up, or `rejected`.
package struct WaitlistEntryRecord: Sendable, Codable, Hashable {
    package enum Status: String, Sendable, Codable, CaseIterable {
        case pending, invited, rejected, completed
    }

    package var id: String
    package var emailAddress: String
    package var status: Status
    /// The invitation the entry was invited with, while it is or was `invited`.
    package var invitationID: String?
    package var invitedAt: Date?
    package var createdAt: Date
    package var updatedAt: Date

    package init(emailAddress: String, now: Date) {
        id = SecureRandom.identifier(prefix: "wle")
        self.emailAddress = emailAddress
        status = .pending
        createdAt = now
        updatedAt = now
    }
}
