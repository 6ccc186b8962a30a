/// Marks a session active, optionally with an active organization.
struct SessionTouch: Sendable {
    var activeOrganizationID: String?
}

/// Asks for a session token, optionally for an organization.
struct TokenRequest: Sendable {
    var organizationID: String?
}
