import Foundation

/// The filters, order and page of `GET /users` and `GET /users/count` (the HTTP layer reads them
/// from the query string: `BackendUserQuery+Request`).
package struct BackendUserQuery: Sendable {
    package var emailAddresses: Set<String> = []
    package var phoneNumbers: Set<String> = []
    package var usernames: Set<String> = []
    package var includedIDs: Set<String> = []
    package var excludedIDs: Set<String> = []
    package var text: String?
    package var orderBy = "created_at"
    package var descending = true
    package var limit = 10
    package var offset = 0

    package static let orderKeys: Set<String> = [
        "created_at", "updated_at", "email_address", "first_name", "last_name", "phone_number", "username", "last_active_at",
        "last_sign_in_at",
    ]

    package init() {}

    /// A query parameter that must be an integer in `range`; `value` when absent.
    package static func integer(_ text: String?, _ name: String, default value: Int, in range: ClosedRange<Int>) throws(FrontendError) -> Int {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
            throw .invalidFormat(name, longMessage: "\(name) must be an integer \(bound).")
        }
        return number
    }

    /// Whether a user passes every filter given.
    package func matches(_ user: UserRecord) -> Bool {
        let emails = user.emails.filter { !$0.awaitingVerification }.map(\.address)
        let phones = user.phones.filter { !$0.awaitingVerification }.map(\.number)
        if !emailAddresses.isEmpty, !emails.contains(where: emailAddresses.contains) { return false }
        if !phoneNumbers.isEmpty, !phones.contains(where: phoneNumbers.contains) { return false }
        if !usernames.isEmpty, !usernames.contains(user.username?.lowercased() ?? "") { return false }
        if !includedIDs.isEmpty, !includedIDs.contains(user.id) { return false }
        if excludedIDs.contains(user.id) { return false }
        if let text {
            let fields = emails + phones + [user.username, user.id, user.firstName, user.lastName].compactMap { $0 }
            if !fields.contains(where: { $0.lowercased().contains(text) }) { return false }
        }
        return true
    }

    /// The matching users in order, one page of them.
    package func page(_ users: [(user: UserRecord, lastActiveAt: Date?)]) -> [(user: UserRecord, lastActiveAt: Date?)] {
        let sorted = users.filter { matches($0.user) }.sorted { lhs, rhs in
            let (left, right) = (sortKey(lhs), sortKey(rhs))
            if left == right { return descending ? lhs.user.id > rhs.user.id : lhs.user.id < rhs.user.id }
            // Users without the value come last either way.
            guard let left else { return false }
            guard let right else { return true }
            return descending ? left > right : left < right
        }
        return Array(sorted.dropFirst(offset).prefix(limit))
    }

    private enum SortKey: Comparable {
        case date(Date)
        case text(String)
    }

    private func sortKey(_ entry: (user: UserRecord, lastActiveAt: Date?)) -> SortKey? {
        let user = entry.user
        switch orderBy {
        case "updated_at": return .date(user.updatedAt)
        case "email_address": return user.primaryEmail.map { .text($0.address) }
        case "first_name": return user.firstName.map { .text($0.lowercased()) }
        case "last_name": return user.lastName.map { .text($0.lowercased()) }
        case "phone_number": return user.primaryPhone.map { .text($0.number) }
        case "username": return user.username.map { .text($0.lowercased()) }
        case "last_active_at": return entry.lastActiveAt.map(SortKey.date)
        case "last_sign_in_at": return user.lastSignInAt.map(SortKey.date)
        default: return .date(user.createdAt)
        }
    }
}
