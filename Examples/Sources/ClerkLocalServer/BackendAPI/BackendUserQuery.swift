import Foundation
import Hummingbird

/// The filters, order and page of `GET /users` and `GET /users/count`, read from the query string
/// as Clerk's Backend API takes them (arrays as repeated keys, `key[]` accepted too).
struct BackendUserQuery: Sendable {
    var emailAddresses: Set<String> = []
    var phoneNumbers: Set<String> = []
    var usernames: Set<String> = []
    var includedIDs: Set<String> = []
    var excludedIDs: Set<String> = []
    var text: String?
    var orderBy = "created_at"
    var descending = true
    var limit = 10
    var offset = 0

    static let orderKeys: Set<String> = [
        "created_at", "updated_at", "email_address", "first_name", "last_name", "phone_number", "username", "last_active_at",
        "last_sign_in_at",
    ]

    init() {}

    init(_ request: Request) throws(FrontendError) {
        let parameters = request.uri.queryParameters
        func all(_ name: String) -> [String] {
            (parameters.getAll(name) + parameters.getAll(name + "[]")).map { String($0) }.filter { !$0.isEmpty }
        }
        emailAddresses = Set(all("email_address").map(IdentifierFormat.normalizedEmail))
        phoneNumbers = Set(all("phone_number").map { IdentifierFormat.normalizedPhone($0) ?? $0 })
        usernames = Set(all("username").map { $0.lowercased() })
        for id in all("user_id") {
            if id.hasPrefix("-") {
                excludedIDs.insert(String(id.dropFirst()))
            } else {
                includedIDs.insert(id.hasPrefix("+") ? String(id.dropFirst()) : id)
            }
        }
        text = parameters.get("query").flatMap { $0.isEmpty ? nil : $0.lowercased() }
        if let order = parameters.get("order_by"), !order.isEmpty {
            descending = order.hasPrefix("-")
            let key = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
            guard Self.orderKeys.contains(key) else { throw .invalidValue("order_by", order) }
            orderBy = key
        }
        limit = try Self.integer(parameters.get("limit"), "limit", default: 10, in: 1...500)
        offset = try Self.integer(parameters.get("offset"), "offset", default: 0, in: 0...Int.max)
    }

    /// A query parameter that must be an integer in `range`; `value` when absent.
    static func integer(_ text: String?, _ name: String, default value: Int, in range: ClosedRange<Int>) throws(FrontendError) -> Int {
        guard let text else { return value }
        guard let number = Int(text), range.contains(number) else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
            throw .invalidFormat(name, longMessage: "\(name) must be an integer \(bound).")
        }
        return number
    }

    /// Whether a user passes every filter given.
    func matches(_ user: UserRecord) -> Bool {
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
    func page(_ users: [(user: UserRecord, lastActiveAt: Date?)]) -> [(user: UserRecord, lastActiveAt: Date?)] {
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
