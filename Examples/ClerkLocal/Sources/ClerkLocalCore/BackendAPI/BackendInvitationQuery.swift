import Foundation

/// `GET /bapi/v1/invitations`: the filters and the page.
package struct BackendInvitationQuery: Sendable {
    package var status: InvitationRecord.Status?
    /// Part of the email address or the id.
    package var query: String?
    /// The field sorted on (`created_at`, `email_address`, `expires_at`) and the direction.
    package var order: BackendListOrder
    package var limit: Int
    package var offset: Int

    package static let orderFields: Set<String> = ["created_at", "email_address", "expires_at"]

    package init(status: InvitationRecord.Status?, query: String?, orderBy: String?, limit: Int, offset: Int) throws(FrontendError) {
        self.status = status
        self.query = query.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        order = try BackendListOrder(orderBy, fields: Self.orderFields)
        self.limit = limit
        self.offset = offset
    }

    package func matches(_ invitation: InvitationRecord, now: Date) -> Bool {
        let actual = invitation.status(now: now)
        // Without a status filter, the list leaves revoked invitations out (the spec's description).
        guard actual == status || (status == nil && actual != .revoked) else { return false }
        guard let query else { return true }
        return invitation.emailAddress.contains(query) || invitation.id.lowercased().contains(query)
    }

    /// Sorted as `order_by` says (ties by id), before the page is cut.
    package func sorted(_ invitations: [InvitationRecord]) -> [InvitationRecord] {
        order.sorted(invitations, id: \.id) { first, second in
            switch order.field {
            case "email_address": BackendListOrder.compare(first.emailAddress, second.emailAddress)
            case "expires_at": BackendListOrder.compare(first.expiresAt, second.expiresAt)
            default: BackendListOrder.compare(first.createdAt, second.createdAt)
            }
        }
    }
}
