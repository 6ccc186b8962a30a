import ClerkLocalCore
import Foundation
import Hummingbird

extension BackendUserQuery {
    /// Read from the query string as Clerk's Backend API takes it (arrays as repeated keys, `key[]`
    /// accepted too).
    package init(_ request: Request) throws(FrontendError) {
        var query = BackendUserQuery()
        let parameters = request.uri.queryParameters
        func all(_ name: String) -> [String] {
            (parameters.getAll(name) + parameters.getAll(name + "[]")).map { String($0) }.filter { !$0.isEmpty }
        }
        query.emailAddresses = Set(all("email_address").map(IdentifierFormat.normalizedEmail))
        query.phoneNumbers = Set(all("phone_number").map { IdentifierFormat.normalizedPhone($0) ?? $0 })
        query.usernames = Set(all("username").map { $0.lowercased() })
        for id in all("user_id") {
            if id.hasPrefix("-") {
                query.excludedIDs.insert(String(id.dropFirst()))
            } else {
                query.includedIDs.insert(id.hasPrefix("+") ? String(id.dropFirst()) : id)
            }
        }
        query.text = parameters.get("query").flatMap { $0.isEmpty ? nil : $0.lowercased() }
        if let order = parameters.get("order_by"), !order.isEmpty {
            query.descending = order.hasPrefix("-")
            let key = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
            guard Self.orderKeys.contains(key) else { throw .invalidValue("order_by", order) }
            query.orderBy = key
        }
        query.limit = try Self.integer(parameters.get("limit"), "limit", default: 10, in: 1...500)
        query.offset = try Self.integer(parameters.get("offset"), "offset", default: 0, in: 0...Int.max)
        self = query
    }
}
