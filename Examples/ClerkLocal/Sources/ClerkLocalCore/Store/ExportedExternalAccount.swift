/// An identity provider's account linked to an exported user (`external_accounts[]`): the provider,
/// its user id (a token's `sub`), and what its token carried when it was linked.
package struct ExportedExternalAccount: Encodable, Sendable, Hashable {
    package var id: String
    package var provider: IdentityTokenProvider
    package var providerUserID: String
    package var emailAddress: String
    package var firstName: String?
    package var lastName: String?
    package var createdAt: Int64
    package var updatedAt: Int64

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case id, provider
        case providerUserID = "provider_user_id"
        case emailAddress = "email_address"
        case firstName = "first_name"
        case lastName = "last_name"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
