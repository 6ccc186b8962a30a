/// `POST /bapi/v1/waitlist_entries`: the address, and whether it gets the confirmation email (`notify`,
/// true by default).
package struct BackendCreateWaitlistEntry: Decodable, Sendable {
    package var emailAddress: String?
    package var notify: Bool?

    package static let keys: Set<String> = ["email_address", "notify"]

    package enum CodingKeys: String, CodingKey {
        case emailAddress = "email_address"
        case notify
    }
}

/// `POST /bapi/v1/waitlist_entries/{id}/invite`: whether to invite an address that already has an
/// account or a pending invitation (`ignore_existing`, false by default).
package struct BackendInviteWaitlistEntry: Decodable, Sendable {
    package var ignoreExisting: Bool?

    package static let keys: Set<String> = ["ignore_existing"]

    package enum CodingKeys: String, CodingKey {
        case ignoreExisting = "ignore_existing"
    }
}
