/// What `ClerkClient.restore()` found: the instance settings, the client the stored client
/// token names, and whether a session is active.
public struct RestoredState: Sendable, Hashable {
    /// The instance settings (`GET /v1/environment`).
    public var environment: EnvironmentResource
    /// The client, or nil when the device holds no client token or the server no longer knows it.
    public var client: ClientResource?
    /// The active session, when one is signed in.
    public var session: Session?

    /// A restored state.
    public init(environment: EnvironmentResource, client: ClientResource?, session: Session?) {
        self.environment = environment
        self.client = client
        self.session = session
    }

    /// Whether a session is active.
    public var isSignedIn: Bool { session != nil }
}
