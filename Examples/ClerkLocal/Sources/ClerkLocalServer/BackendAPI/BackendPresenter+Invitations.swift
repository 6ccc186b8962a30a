import ClerkAPI
import ClerkLocalCore
import Foundation

extension BackendPresenter {
    /// An invitation as the Backend API's `Invitation` schema has it; `url` (which carries the
    /// ticket) only when it was just created, since only the ticket's digest is kept.
    package func invitation(_ record: InvitationRecord, url: String? = nil) -> JSONValue {
        let status = record.status(now: now)
        var object: [String: JSONValue] = [
            "object": "invitation", "id": .string(record.id), "email_address": .string(record.emailAddress),
            "public_metadata": record.publicMetadata, "revoked": .bool(status == .revoked), "status": .string(status.rawValue),
            "expires_at": Self.millis(record.expiresAt), "created_at": Self.millis(record.createdAt),
            "updated_at": Self.millis(record.updatedAt),
        ]
        if let url { object["url"] = .string(url) }
        return .object(object)
    }
}
