import ClerkLocalCore

/// The database's tables, named once: the migrations create them, `StorageSQL` reads and writes them.
package enum StorageTables {
    /// A table of one record type, each record a JSON document keyed by its id.
    package struct Records<Record: Codable & Sendable>: Sendable {
        package let name: String
        package init(name: String) {
            self.name = name
        }
    }

    package static let users = Records<UserRecord>(name: "users")
    package static let clients = Records<ClientRecord>(name: "clients")
    package static let sessions = Records<SessionRecord>(name: "sessions")
    package static let signIns = Records<SignInRecord>(name: "sign_ins")
    package static let signUps = Records<SignUpRecord>(name: "sign_ups")
    package static let invitations = Records<InvitationRecord>(name: "invitations")
    package static let waitlistEntries = Records<WaitlistEntryRecord>(name: "waitlist_entries")
    package static let organizations = Records<OrganizationRecord>(name: "organizations")
    package static let memberships = Records<MembershipRecord>(name: "organization_memberships")
    package static let organizationInvitations = Records<OrganizationInvitationRecord>(name: "organization_invitations")
    package static let organizationDomains = Records<OrganizationDomainRecord>(name: "organization_domains")
    package static let organizationSuggestions = Records<OrganizationSuggestionRecord>(name: "organization_suggestions")
    package static let membershipRequests = Records<OrganizationMembershipRequestRecord>(name: "organization_membership_requests")
    package static let trustedDevices = Records<TrustedDeviceRecord>(name: "trusted_devices")
    /// Every table of records: a reset empties them all.
    package static let recordTableNames = [
        users.name, clients.name, sessions.name, signIns.name, signUps.name, invitations.name, organizations.name, memberships.name,
        organizationInvitations.name, organizationDomains.name, organizationSuggestions.name, membershipRequests.name,
        waitlistEntries.name,
        trustedDevices.name,
    ]
    /// The rate-limit counts of the last window, one row per request (`RateLimitSQL`).
    package static let rateLimitHits = "rate_limit_hits"
    /// The messages sent, oldest first by `position`.
    package static let outbox = "outbox"
    /// The instance's own values by name (`InstanceValue`).
    package static let instance = "instance"
}

/// The rows of the `instance` table.
package enum InstanceValue: String, Sendable {
    case signingKeyPEM = "signing_key_pem"
    case signingKeyID = "signing_key_id"
    case secretKey = "secret_key"
    /// The test identity providers' private keys (JSON `TestIdentityProviderKeyMaterial`).
    case testIdentityProviderKeys = "test_identity_provider_keys"
    /// The settings last in effect, as a settings file holds them.
    case settings
    /// Rewritten for nothing but its commit (`StateChanges.padding`).
    case padding
}
