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
    /// How the client sends, waits, keeps tokens and tells time.
    public nonisolated let options: Options
    /// When requests are repeated.
    public nonisolated var retryPolicy: RetryPolicy { options.retryPolicy }
    /// Tells the time for token expiry, backoff and background refresh.
    public nonisolated var clock: any WallClock { options.clock }
    /// How session tokens are cached, refreshed and retried.
    public nonisolated var tokenPolicy: SessionTokenPolicy { options.tokenPolicy }
    nonisolated var sleeper: any Sleeper { options.sleeper }
    nonisolated var retrySleeper: any Sleeper { options.retrySleeper }
    /// Builds, sends, retries and decodes; keeps the client token.
    let connection: FrontendConnection
    /// The client state: applies each answer's client, broadcasts the events.
    let state: ClientState
    /// The session tokens: cache, fetches in flight, background refresh.
    let tokens: SessionTokens

    /// The instance's settings as `environment()` last read them, used to refuse a strategy the
    /// instance does not offer before any request.
    public internal(set) var knownEnvironment: EnvironmentResource?

    /// The sign-in and sign-up creates in flight, so a lost answer's create claims only what it made.
    var creations = CreationLedger()

    /// A client for `configuration`, set up by `options` (each part has a default: the platform's
    /// transport, the token in memory, the standard retry and token policies, real time).
    public init(configuration: ClerkConfiguration, options: Options = Options()) {
        self.configuration = configuration
        self.options = options
        let logHandler = options.logHandler
        let log: @Sendable (String) -> Void = { line in logHandler?(line) }
        self.connection = FrontendConnection(
            configuration: configuration, transport: options.transport, retryPolicy: options.retryPolicy,
            retrySleeper: options.retrySleeper, clientToken: ClientTokenKeeper(store: options.tokenStore, log: log), log: log)
        let events = Broadcast<AuthEvent>()
        self.tokens = SessionTokens(policy: options.tokenPolicy, clock: options.clock, sleeper: options.sleeper, events: events, log: log)
        self.state = ClientState(tokens: tokens, events: events, log: log)
    }

    deinit {
        tokens.cancelRefresh()
        state.events.finish()
        state.snapshots.finish()
    }

    /// A client for the instance a publishable key names, set up by `options`.
    /// - Throws: `ClerkError.configuration` for a malformed key.
    public init(publishableKey: String, options: Options = Options()) throws(ClerkError) {
        self.init(configuration: try ClerkConfiguration(publishableKey: publishableKey), options: options)
    }

    /// Sends any Frontend API request and returns its decoded answer.
    ///
    /// Enveloped answers update `client` from `client` or `meta.client`; so do error answers
    /// carrying `meta.client`. Requests whose endpoint is safe to retry are repeated on 429, 5xx and
    /// transient transport failures, within `retryPolicy`; others are repeated only after a 429
    /// (the server did nothing). When the answer to a request that may not repeat is lost after
    /// the request may have reached the server, it throws `ClerkError.answerLost` and sends nothing more.
    public func send<Endpoint: APIEndpoint>(_ endpoint: Endpoint) async throws(ClerkError) -> Endpoint.Response {
        try await connection.send(endpoint, applying: { [state] update in await state.apply(update) })
    }

    // MARK: State

    /// The client as the last answer described it (nil before the first answer carrying one, or
    /// when the server has no client for this device).
    public var client: ClientResource? {
        get async { await state.client }
    }

    /// The sign-in in progress, as a handle.
    public var currentSignIn: SignInHandle? {
        get async { await client?.signIn.map { SignInHandle(client: self, signIn: $0) } }
    }

    /// The sign-up in progress, as a handle.
    public var currentSignUp: SignUpHandle? {
        get async { await client?.signUp.map { SignUpHandle(client: self, signUp: $0) } }
    }

    /// The client's sessions.
    public var sessions: [Session] {
        get async { await client?.sessions ?? [] }
    }

    /// The id of the session the client last made active.
    public var lastActiveSessionID: String? {
        get async { await client?.lastActiveSessionID }
    }

    /// The session the client last made active.
    public var lastActiveSession: Session? {
        get async {
            guard let client = await client, let id = client.lastActiveSessionID else { return nil }
            return client.sessions.first { $0.id == id }
        }
    }

    /// The strategy of the client's last completed sign-in or sign-up (`oauth_google`, `email_code`,
    /// `password`, …), as the client's `last_authentication_strategy` says; it outlives sign-out, so
    /// an app can suggest it on the next sign-in. Nil before any, or when the answer did not name one.
    public var lastAuthenticationStrategy: Strategy? {
        get async { await client?.lastAuthenticationStrategy }
    }

    /// Whether a client token is held.
    public var hasClientToken: Bool {
        (try? currentToken()) != nil
    }

    /// Forgets the current sign-in and sign-up locally, to start over. No request is sent: the
    /// next `createSignIn` or `createSignUp` replaces them on the server too.
    public func reset() async {
        await state.forgetAttempts()
        log("reset: local sign-in and sign-up cleared")
    }

    func currentToken() throws(ClerkError) -> String? {
        try connection.clientToken.current()
    }

    nonisolated func log(_ line: String) {
        connection.log(line)
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
