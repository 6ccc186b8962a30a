import Foundation

/// What the store changed since its changes were last taken, in the order they must be written:
/// a reset first (everything before it is gone), then the settings switched, the records (nil for
/// a removed one), then the messages sent.
package struct StateChanges: Sendable {
    package var reset = false
    package var settings: InstanceSettings?
    package var users: [String: UserRecord?] = [:]
    package var clients: [String: ClientRecord?] = [:]
    package var sessions: [String: SessionRecord?] = [:]
    package var signIns: [String: SignInRecord?] = [:]
    package var signUps: [String: SignUpRecord?] = [:]
    package var invitations: [String: InvitationRecord?] = [:]
    package var waitlist: [String: WaitlistEntryRecord?] = [:]
    package var trustedDevices: [String: TrustedDeviceRecord?] = [:]
    package var organizations = OrganizationChanges()
    package var rateLimits = RateLimitChanges()
    package var messages: [OutboxMessage] = []
    /// A row written for nothing but its commit: a failed password attempt on a missing account
    /// waits for it as one on an existing account waits for its lockout count.
    package var padding = false

    package var isEmpty: Bool {
        !reset && !padding && settings == nil && users.isEmpty && clients.isEmpty && sessions.isEmpty && signIns.isEmpty && signUps.isEmpty
            && invitations.isEmpty && waitlist.isEmpty && trustedDevices.isEmpty && organizations.isEmpty && rateLimits.isEmpty
            && messages.isEmpty
    }
}

/// Everything storage holds, read once when the server starts.
package struct StoredState: Sendable {
    package var users: [(id: String, record: UserRecord)] = []
    package var clients: [(id: String, record: ClientRecord)] = []
    package var sessions: [(id: String, record: SessionRecord)] = []
    package var signIns: [(id: String, record: SignInRecord)] = []
    package var signUps: [(id: String, record: SignUpRecord)] = []
    package var invitations: [(id: String, record: InvitationRecord)] = []
    package var waitlist: [(id: String, record: WaitlistEntryRecord)] = []
    package var trustedDevices: [(id: String, record: TrustedDeviceRecord)] = []
    package var organizations = StoredOrganizations()
    /// The rate-limit counts committed and not yet dropped by the window.
    package var rateLimitHits: [RateLimitHit] = []
    /// Oldest first.
    package var messages: [OutboxMessage] = []
    /// The settings last in effect, as a settings file holds them (none before the first switch).
    package var settingsJSON: Data?
    package init(
        users: [(id: String, record: UserRecord)] = [], clients: [(id: String, record: ClientRecord)] = [],
        sessions: [(id: String, record: SessionRecord)] = [], signIns: [(id: String, record: SignInRecord)] = [],
        signUps: [(id: String, record: SignUpRecord)] = [],
        invitations: [(id: String, record: InvitationRecord)] = [], waitlist: [(id: String, record: WaitlistEntryRecord)] = [],
        organizations: StoredOrganizations = StoredOrganizations(), rateLimitHits: [RateLimitHit] = [], messages: [OutboxMessage] = [],
        settingsJSON: Data? = nil, trustedDevices: [(id: String, record: TrustedDeviceRecord)] = []
    ) {
        self.rateLimitHits = rateLimitHits
        self.users = users
        self.clients = clients
        self.sessions = sessions
        self.signIns = signIns
        self.signUps = signUps
        self.invitations = invitations
        self.waitlist = waitlist
        self.trustedDevices = trustedDevices
        self.organizations = organizations
        self.messages = messages
        self.settingsJSON = settingsJSON
    }
}

/// What an instance keeps across restarts besides its records: the token signing key (so tokens
/// minted before a restart still verify with the JWKS) and the generated secret key.
package struct InstanceKeys: Sendable {
    package var signing: SigningKey
    package var secretKey: String

    package static func generate() throws -> InstanceKeys {
        InstanceKeys(signing: try .generate(), secretKey: SecureRandom.identifier(prefix: "sk_test"))
    }
    package init(signing: SigningKey, secretKey: String) {
        self.signing = signing
        self.secretKey = secretKey
    }
}
