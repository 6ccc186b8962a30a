/// Where a ``SoftwarePasskeyAuthenticator`` keeps its passkeys between runs: read once when it is made,
/// written after each passkey it creates and each assertion (the counter moves).
public protocol SoftwarePasskeyStore: Sendable {
    /// The passkeys kept; empty when none was saved yet.
    func load() throws -> [SoftwarePasskey]
    /// Replaces what is kept with `passkeys`.
    func save(_ passkeys: [SoftwarePasskey]) throws
}
