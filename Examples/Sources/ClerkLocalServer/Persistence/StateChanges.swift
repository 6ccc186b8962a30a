import Foundation

/// What the store changed since its changes were last taken, in the order they must be written:
/// a reset first (everything before it is gone), then the settings switched, the records (nil for
/// a removed one), then the messages sent.
struct StateChanges: Sendable {
    var reset = false
    var settings: InstanceSettings?
    var users: [String: UserRecord?] = [:]
    var clients: [String: ClientRecord?] = [:]
    var sessions: [String: SessionRecord?] = [:]
    var signIns: [String: SignInRecord?] = [:]
    var signUps: [String: SignUpRecord?] = [:]
    var messages: [OutboxMessage] = []
    /// A row written for nothing but its commit: a failed password attempt on a missing account
    /// waits for it as one on an existing account waits for its lockout count.
    var padding = false

    var isEmpty: Bool {
        !reset && !padding && settings == nil && users.isEmpty && clients.isEmpty && sessions.isEmpty && signIns.isEmpty && signUps.isEmpty
            && messages.isEmpty
    }
}

/// Everything storage holds, read once when the server starts.
struct StoredState: Sendable {
    var users: [(id: String, record: UserRecord)] = []
    var clients: [(id: String, record: ClientRecord)] = []
    var sessions: [(id: String, record: SessionRecord)] = []
    var signIns: [(id: String, record: SignInRecord)] = []
    var signUps: [(id: String, record: SignUpRecord)] = []
    /// Oldest first.
    var messages: [OutboxMessage] = []
    /// The settings last in effect, as a settings file holds them (none before the first switch).
    var settingsJSON: Data?
}

/// What an instance keeps across restarts besides its records: the token signing key (so tokens
/// minted before a restart still verify with the JWKS) and the generated secret key.
struct InstanceKeys: Sendable {
    var signing: SigningKey
    var secretKey: String

    static func generate() throws -> InstanceKeys {
        InstanceKeys(signing: try .generate(), secretKey: SecureRandom.identifier(prefix: "sk_test"))
    }
}
