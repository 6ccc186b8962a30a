import Foundation

/// A Backend API list's `order_by`: one of the list's fields, ascending (`+` or no sign) or descending
/// (`-`); `-created_at` when absent.
package struct BackendListOrder: Sendable {
    package var field: String
    package var descending: Bool

    package init(_ orderBy: String?, fields: Set<String>) throws(FrontendError) {
        let order = orderBy ?? "-created_at"
        let field = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
        guard fields.contains(field) else { throw .invalidValue("order_by", order) }
        self.field = field
        descending = order.hasPrefix("-")
    }

    /// `records` in this order by `compare` (the ascending comparison of the field), ties by id.
    package func sorted<Record>(_ records: [Record], id: (Record) -> String, by compare: (Record, Record) -> ComparisonResult) -> [Record] {
        records.sorted { first, second in
            switch compare(first, second) {
            case .orderedSame: id(first) < id(second)
            case .orderedAscending: !descending
            case .orderedDescending: descending
            }
        }
    }

    /// The ascending comparison of two values.
    package static func compare<Value: Comparable>(_ first: Value, _ second: Value) -> ComparisonResult {
        first == second ? .orderedSame : first < second ? .orderedAscending : .orderedDescending
    }
}
