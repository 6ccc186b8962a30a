import Foundation

/// `GET /bapi/v1/invitations`: the filters and the page.
package struct BackendInvitationQuery: Sendable {
    package var status: InvitationRecord.Status?
    /// Part of the email address or the id.
    package var query: String?
    /// The field sorted on (`created_at`, `email_address`, `expires_at`) and the direction.
    package var orderField: String
    package var descending: Bool
    package var limit: Int
    package var offset: Int

    package static let orderFields: Set<String> = ["created_at", "email_address", "expires_at"]

    package init(status: InvitationRecord.Status?, query: String?, orderBy: String?, limit: Int, offset: Int) throws(FrontendError) {
        self.status = status
        self.query = query.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let order = orderBy ?? "-created_at"
        let field = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
        guard Self.orderFields.contains(field) else { throw .invalidValue("order_by", order) }
        orderField = field
        descending = order.hasPrefix("-")
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
        invitations.sorted { first, second in
            let ordered: Bool
            switch orderField {
            case "email_address":
                guard first.emailAddress != second.emailAddress else { return first.id < second.id }
                ordered = first.emailAddress < second.emailAddress
            case "expires_at":
                guard first.expiresAt != second.expiresAt else { return first.id < second.id }
                ordered = first.expiresAt < second.expiresAt
            default:
                guard first.createdAt != second.createdAt else { return first.id < second.id }
                ordered = first.createdAt < second.createdAt
            }
            return descending ? !ordered : ordered
        }
    }
}
