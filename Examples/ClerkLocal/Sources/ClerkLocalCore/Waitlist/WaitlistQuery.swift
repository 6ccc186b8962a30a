import Foundation

/// `GET /bapi/v1/waitlist_entries`: the filters (`status`, `query` on the address or id), the order
/// (`created_at`, `email_address` or `invited_at`, `-created_at` by default) and the page.
package struct WaitlistQuery: Sendable {
    package var status: WaitlistEntryRecord.Status?
    package var query: String?
    package var order: BackendListOrder
    package var limit: Int
    package var offset: Int

    package static let orderFields: Set<String> = ["created_at", "email_address", "invited_at"]

    package init(status: WaitlistEntryRecord.Status?, query: String?, orderBy: String?, limit: Int, offset: Int) throws(FrontendError) {
        self.status = status
        self.query = query.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        order = try BackendListOrder(orderBy, fields: Self.orderFields)
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
        order.sorted(entries, id: \.id) { first, second in
            switch order.field {
            case "email_address": BackendListOrder.compare(first.emailAddress, second.emailAddress)
            case "invited_at": BackendListOrder.compare(first.invitedAt ?? .distantPast, second.invitedAt ?? .distantPast)
            default: BackendListOrder.compare(first.createdAt, second.createdAt)
            }
        }
    }
}
