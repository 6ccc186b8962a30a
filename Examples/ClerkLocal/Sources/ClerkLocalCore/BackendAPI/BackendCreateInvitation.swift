import ClerkAPI

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
