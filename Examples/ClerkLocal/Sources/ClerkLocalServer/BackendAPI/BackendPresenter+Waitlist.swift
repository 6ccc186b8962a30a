import ClerkAPI
import ClerkLocalCore
import Foundation

extension BackendPresenter {
    /// A waitlist entry as the Backend API's `WaitlistEntry` schema has it, with its invitation once invited.
    package func waitlistEntry(_ view: WaitlistView) -> JSONValue {
        let entry = view.entry
        return .object([
            "object": "waitlist_entry", "id": .string(entry.id), "email_address": .string(entry.emailAddress),
            "status": .string(entry.status.rawValue), "is_locked": false, "created_at": Self.millis(entry.createdAt),
            "updated_at": Self.millis(entry.updatedAt), "invitation": view.invitation.map { invitation($0, url: view.invitationURL) } ?? .null,
        ])
    }
}
