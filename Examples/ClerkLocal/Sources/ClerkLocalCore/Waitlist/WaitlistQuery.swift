import Foundation

/// `GET /bapi/v1/waitlist_entries`: the filters (`status`, `query` on the address or id), the order
/// (`created_at`, `email_address` or `invited_at`, `-created_at` by default) and the page.
package struct WaitlistQuery: Sendable {
    package var status: WaitlistEntryRecord.Status?
    package var query: String?
    package var orderField: String
    package var descending: Bool
    package var limit: Int
    package var offset: Int

    package static let orderFields: Set<String> = ["created_at", "email_address", "invited_at"]

    package init(status: WaitlistEntryRecord.Status?, query: String?, orderBy: String?, limit: Int, offset: Int) throws(FrontendError) {
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

    package func matches(_ entry: WaitlistEntryRecord) -> Bool {
        guard status == nil || entry.status == status else { return false }
        guard let query else { return true }
        return entry.emailAddress.contains(query) || entry.id.lowercased().contains(query)
    }

    /// Sorted as `order_by` says, ties by id; entries never invited sort before the invited ones.
    package func sorted(_ entries: [WaitlistEntryRecord]) -> [WaitlistEntryRecord] {
        entries.sorted { first, second in
            let ordered: Bool
            switch orderField {
            case "email_address":
                guard first.emailAddress != second.emailAddress else { return first.id < second.id }
                ordered = first.emailAddress < second.emailAddress
            case "invited_at":
                let (a, b) = (first.invitedAt ?? .distantPast, second.invitedAt ?? .distantPast)
                guard a != b else { return first.id < second.id }
                ordered = a < b
            default:
                guard first.createdAt != second.createdAt else { return first.id < second.id }
                ordered = first.createdAt < second.createdAt
            }
            return descending ? !ordered : ordered
        }
    }
}
