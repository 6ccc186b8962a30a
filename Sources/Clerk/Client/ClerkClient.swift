import Foundation

/// A client of Clerk's Frontend API for one device: it sends requests, keeps the client token,
/// and keeps the client state (current sign-in and sign-up, sessions, last active session)
/// up to date from every answer.
///
/// ```swift
/// let clerk = try ClerkClient(publishableKey: "pk_test_Y2xlcmsuZXhhbXBsZS5jb20k")
/// let signIn = try await clerk.createSignIn(.init(identifier: "jane@example.com", password: "…"))
/// let session = try await signIn.finalize()
/// ```
///
/// Every request carries `_is_native=true`, `clerk-api-version: 2026-05-12`, `x-mobile: 1` and
/// the raw client token in `Authorization`; the token is replaced (or cleared, when empty) by
/// whatever an answer's `Authorization` header carries. Only endpoints that are safe to repeat are
/// retried (see `RetryPolicy`).
public actor ClerkClient {
    /// A function that receives one log line per request and answer. Lines never contain the
    /// client token, a body, a password, a code or a session token.
    public typealias LogHandler = @Sendable (String) -> Void

    /// Where the Frontend API is.
    public nonisolated let configuration: ClerkConfiguration
    /// When requests are repeated.
    public nonisolated let retryPolicy: RetryPolicy
    let transport: any HTTPTransport
    let tokenStore: any TokenStore
    let sleeper: any Sleeper
    let retrySleeper: any Sleeper
    let logHandler: LogHandler?
    /// Tells the time for token expiry, backoff and background refresh.
    public nonisolated let clock: any WallClock
    /// How session tokens are cached, refreshed and retried.
    public nonisolated let tokenPolicy: SessionTokenPolicy

    private var tokenLoaded = false
    private var token: String?

    /// The instance's settings as `environment()` last read them, used to refuse a strategy the
    /// instance does not offer before any request.
    public internal(set) var knownEnvironment: EnvironmentResource?

    /// The client as the last answer described it (nil before the first answer carrying one, or
    /// when the server has no client for this device).
    public internal(set) var client: ClientResource?

    var sessionTokens = TokenCache()
    var tokenFetches: [SessionTokenKey: Task<Result<SessionToken, ClerkError>, Never>] = [:]
    /// Sessions this device is signing out of right now: their end is `signedOut`, not `sessionRevoked`.
    var sessionsBeingSignedOut: Set<String> = []
    /// The sign-in and sign-up creates in flight, so a lost answer's create claims only what it made.
    var creations = CreationLedger()
    var tokenRefresh = TokenRefreshState()
    let events = Broadcast<AuthEvent>()
    let snapshots = Broadcast<SessionSnapshot>(replaysLatest: true)

    /// A client for `configuration`.
    /// - Parameters:
    ///   - configuration: where the Frontend API is.
    ///   - transport: how requests are sent; `URLSessionTransport` by default.
    ///   - tokenStore: where the client token is kept; in memory by default.
    ///   - retryPolicy: when safe requests are repeated.
    ///   - sleeper: how token backoffs and the background token refresh wait, following `clock`
    ///     (inject the same `ManualClock` from `ClerkTesting` as both in tests).
    ///   - retrySleeper: how retries and `Retry-After` waits pause: real time, since the server
    ///     counts them in real time (inject one that records in tests; never a clock only a test moves).
    ///   - clock: tells the time for token expiry and backoff (inject the same `ManualClock`).
    ///   - tokenPolicy: how session tokens are cached, refreshed and retried.
    ///   - logHandler: receives redacted log lines.
    public init(
        configuration: ClerkConfiguration,
        transport: any HTTPTransport = URLSessionTransport(),
        tokenStore: any TokenStore = InMemoryTokenStore(),
        retryPolicy: RetryPolicy = .standard,
        sleeper: any Sleeper = TaskSleeper(),
        retrySleeper: any Sleeper = TaskSleeper(),
        clock: any WallClock = SystemWallClock(),
        tokenPolicy: SessionTokenPolicy = .standard,
        logHandler: LogHandler? = nil
    ) {
        self.configuration = configuration
        self.transport = transport
        self.tokenStore = tokenStore
        self.retryPolicy = retryPolicy
        self.sleeper = sleeper
        self.retrySleeper = retrySleeper
        self.clock = clock
        self.tokenPolicy = tokenPolicy
        self.logHandler = logHandler
        snapshots.send(.signedOut)
    }

    deinit {
        tokenRefresh.task?.cancel()
        events.finish()
        snapshots.finish()
    }

    /// A client for the instance a publishable key names.
    /// - Throws: `ClerkError.configuration` for a malformed key.
    public init(
        publishableKey: String,
        transport: any HTTPTransport = URLSessionTransport(),
        tokenStore: any TokenStore = InMemoryTokenStore(),
        retryPolicy: RetryPolicy = .standard,
        sleeper: any Sleeper = TaskSleeper(),
        retrySleeper: any Sleeper = TaskSleeper(),
        clock: any WallClock = SystemWallClock(),
        tokenPolicy: SessionTokenPolicy = .standard,
        logHandler: LogHandler? = nil
    ) throws(ClerkError) {
        self.init(
            configuration: try ClerkConfiguration(publishableKey: publishableKey), transport: transport,
            tokenStore: tokenStore, retryPolicy: retryPolicy, sleeper: sleeper, retrySleeper: retrySleeper, clock: clock, tokenPolicy: tokenPolicy,
            logHandler: logHandler)
    }

    // MARK: State

    /// The sign-in in progress, as a handle.
    public var currentSignIn: SignInHandle? {
        client?.signIn.map { SignInHandle(client: self, signIn: $0) }
    }

    /// The sign-up in progress, as a handle.
    public var currentSignUp: SignUpHandle? {
        client?.signUp.map { SignUpHandle(client: self, signUp: $0) }
    }

    /// The client's sessions.
    public var sessions: [Session] { client?.sessions ?? [] }

    /// The id of the session the client last made active.
    public var lastActiveSessionID: String? { client?.lastActiveSessionID }

    /// The session the client last made active.
    public var lastActiveSession: Session? {
        guard let id = client?.lastActiveSessionID else { return nil }
        return client?.sessions.first { $0.id == id }
    }

    /// Whether a client token is held.
    public var hasClientToken: Bool {
        (try? currentToken()) != nil
    }

    /// Forgets the current sign-in and sign-up locally, to start over. No request is sent: the
    /// next `createSignIn` or `createSignUp` replaces them on the server too.
    public func reset() {
        client?.signIn = nil
        client?.signUp = nil
        log("reset: local sign-in and sign-up cleared")
    }

    // MARK: Token

    func currentToken() throws(ClerkError) -> String? {
        if !tokenLoaded {
            token = try tokenStore.loadToken()
            tokenLoaded = true
        }
        return token
    }

    func storeToken(from response: TransportResponse) {
        guard let header = response.headers["Authorization"] else { return }
        let newToken = header.isEmpty ? nil : header
        token = newToken
        tokenLoaded = true
        do {
            try tokenStore.saveToken(newToken)
        } catch {
            log("token storage failed: \(error.description); the token is kept in memory")
        }
        log(newToken == nil ? "client token cleared" : "client token updated")
    }

    func log(_ line: String) {
        logHandler?(line)
    }
}

extension ClerkClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The Frontend API URL, as `ClerkClient(https://…)`; never the client token.
    public nonisolated var description: String {
        "ClerkClient(\(configuration.frontendAPIURL.absoluteString))"
    }

    /// The same as `description`.
    public nonisolated var debugDescription: String { description }

    /// Shows the configuration only: never the client token or the state.
    public nonisolated var customMirror: Mirror {
        Mirror(
            self,
            children: ["frontendAPIURL": configuration.frontendAPIURL.absoluteString, "clientToken": Redaction.placeholder],
            displayStyle: .class)
    }
}
