/// Marks a session active, optionally with an active organization.
package struct SessionTouch: Sendable {
    package var activeOrganizationID: String?
    package init(activeOrganizationID: String? = nil) {
        self.activeOrganizationID = activeOrganizationID
    }
}

/// Asks for a session token, optionally for an organization.
package struct TokenRequest: Sendable {
    package var organizationID: String?
    package init(organizationID: String? = nil) {
        self.organizationID = organizationID
    }
}
