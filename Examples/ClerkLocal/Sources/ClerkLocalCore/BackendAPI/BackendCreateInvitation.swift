import ClerkAPI
import Foundation

/// `POST /bapi/v1/invitations`: whom to invite, what their user's public metadata will be, where the
/// email's link leads, and for how long it is valid (30 days by default, 1 to 365).
package struct BackendCreateInvitation: Decodable, Sendable {
    package var emailAddress: String
    package var publicMetadata: JSONValue?
    package var redirectURL: String?
    package var notify: Bool?
    package var ignoreExisting: Bool?
    package var expiresInDays: Int?
    package var templateSlug: String?

    package static let keys: Set<String> = [
        "email_address", "public_metadata", "redirect_url", "notify", "ignore_existing", "expires_in_days", "template_slug",
    ]
    package static let defaultLifetimeDays = 30
    package static let lifetimeDays = 1...365
    package static let templateSlugs: Set<String> = ["invitation", "waitlist_invitation"]

    package enum CodingKeys: String, CodingKey {
        case emailAddress = "email_address"
        case publicMetadata = "public_metadata"
        case redirectURL = "redirect_url"
        case notify
        case ignoreExisting = "ignore_existing"
        case expiresInDays = "expires_in_days"
        case templateSlug = "template_slug"
    }
}

/// `GET /bapi/v1/invitations`: the filters and the page.
package struct BackendInvitationQuery: Sendable {
    package var status: InvitationRecord.Status?
    /// Part of the email address or the id.
    package var query: String?
    package var orderBy: String
    package var limit: Int
    package var offset: Int

    package static let orderFields: Set<String> = ["created_at", "email_address", "expires_at"]

    package init(status: InvitationRecord.Status?, query: String?, orderBy: String?, limit: Int, offset: Int) throws(FrontendError) {
        self.status = status
        self.query = query.flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let order = orderBy ?? "-created_at"
        let field = order.hasPrefix("-") || order.hasPrefix("+") ? String(order.dropFirst()) : order
        guard Self.orderFields.contains(field) else { throw .invalidValue("order_by", order) }
        self.orderBy = order
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
        let descending = orderBy.hasPrefix("-")
        let field = orderBy.hasPrefix("-") || orderBy.hasPrefix("+") ? String(orderBy.dropFirst()) : orderBy
        return invitations.sorted { first, second in
            let ordered: Bool
            switch field {
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
