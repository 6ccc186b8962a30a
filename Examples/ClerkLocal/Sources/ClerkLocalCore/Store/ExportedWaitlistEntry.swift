import ClerkAPI
import Foundation

/// An entry of the instance's waitlist (`waitlist_entries[]`, version 4): its address, status and times, and
/// the invitation it was invited with, if any. The invitation's emailed ticket is kept as its digest only, as an
/// organization invitation's is, so the link in the email still signs up after an import.
package struct ExportedWaitlistEntry: Encodable, Sendable, Hashable {
    package var id: String
    package var emailAddress: String
    /// `pending`, `invited`, `rejected` or `completed`.
    package var status: String
    package var invitedAt: Int64?
    package var invitation: ExportedWaitlistInvitation?
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case emailAddress = "email_address"
        case status
        case invitedAt = "invited_at"
        case invitation
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

/// The invitation a waitlist entry was invited with (`pending`, `accepted` once its ticket signed up, or
/// `revoked` when the entry was rejected).
package struct ExportedWaitlistInvitation: Encodable, Sendable, Hashable {
    package var id: String
    package var emailAddress: String
    package var publicMetadata: JSONValue
    package var ticketDigest: String
    package var status: String
    package var expiresAt: Int64
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case emailAddress = "email_address"
        case publicMetadata = "public_metadata"
        case ticketDigest = "ticket_digest"
        case status
        case expiresAt = "expires_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}

extension ExportedWaitlistEntry {
    init(_ entry: WaitlistEntryRecord, invitation: InvitationRecord?) {
        id = entry.id
        emailAddress = entry.emailAddress
        status = entry.status.rawValue
        invitedAt = entry.invitedAt.map(ExportTime.milliseconds)
        self.invitation = invitation.map {
            ExportedWaitlistInvitation(
                id: $0.id, emailAddress: $0.emailAddress, publicMetadata: $0.publicMetadata,
                ticketDigest: Data($0.ticketDigest).base64EncodedString(), status: $0.state.rawValue,
                expiresAt: ExportTime.milliseconds($0.expiresAt), createdAt: ExportTime.milliseconds($0.createdAt),
                updatedAt: ExportTime.milliseconds($0.updatedAt))
        }
        createdAt = ExportTime.milliseconds(entry.createdAt)
        updatedAt = ExportTime.milliseconds(entry.updatedAt)
    }

    /// The entry and its invitation to store, once their values read: ids of their kind, addresses, statuses,
    /// the ticket digest, the metadata and the times. Whether the ids and the address are new is the caller's check.
    func records(_ check: FieldCheck) throws(UserImportError) -> (WaitlistEntryRecord, InvitationRecord?) {
        try check.id(id, prefix: "wle", field: "id")
        let address = try Self.address(emailAddress, check, field: "email_address")
        guard let status = WaitlistEntryRecord.Status(rawValue: status) else {
            throw check.failure("status", .unknownStatus(WaitlistEntryRecord.Status.allCases.map(\.rawValue)))
        }
        var entry = WaitlistEntryRecord(emailAddress: address, now: try check.time(createdAt, field: "created_at"))
        entry.id = id
        entry.status = status
        entry.invitedAt = try check.timeIfSet(invitedAt, field: "invited_at")
        entry.updatedAt = try check.time(updatedAt, field: "updated_at")
        guard let invitation else { return (entry, nil) }
        try check.id(invitation.id, prefix: "inv", field: "invitation.id")
        guard let state = InvitationRecord.State(rawValue: invitation.status) else {
            throw check.failure("invitation.status", .unknownStatus(["accepted", "pending", "revoked"]))
        }
        guard let digest = Data(base64Encoded: invitation.ticketDigest), digest.count == 32 else {
            throw check.failure("invitation.ticket_digest", .invalidTicketDigest)
        }
        try check.metadata(invitation.publicMetadata, field: "invitation.public_metadata")
        entry.invitationID = invitation.id
        return (
            entry,
            InvitationRecord(
                id: invitation.id, emailAddress: try Self.address(invitation.emailAddress, check, field: "invitation.email_address"),
                publicMetadata: invitation.publicMetadata, ticketDigest: [UInt8](digest), state: state,
                expiresAt: try check.time(invitation.expiresAt, field: "invitation.expires_at"),
                createdAt: try check.time(invitation.createdAt, field: "invitation.created_at"),
                updatedAt: try check.time(invitation.updatedAt, field: "invitation.updated_at"))
        )
    }

    /// The address as the waitlist keeps it (normalized), when it is one.
    private static func address(_ text: String, _ check: FieldCheck, field: String) throws(UserImportError) -> String {
        let address = IdentifierFormat.normalizedEmail(text)
        guard IdentifierFormat.isValidEmail(address) else { throw check.failure(field, .invalidEmailAddress) }
        return address
    }
}

extension ExportedWaitlistEntry: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        status = try container.decode(String.self, forKey: .status)
        invitedAt = try container.decodeIfPresent(Int64.self, forKey: .invitedAt)
        invitation = try container.decodeIfPresent(ExportedWaitlistInvitation.self, forKey: .invitation)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}

extension ExportedWaitlistInvitation: Decodable {
    package init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        publicMetadata = try container.decode(JSONValue.self, forKey: .publicMetadata)
        ticketDigest = try container.decode(String.self, forKey: .ticketDigest)
        status = try container.decode(String.self, forKey: .status)
        expiresAt = try container.decode(Int64.self, forKey: .expiresAt)
        createdAt = try container.decode(Int64.self, forKey: .createdAt)
        updatedAt = try container.decode(Int64.self, forKey: .updatedAt)
    }
}
