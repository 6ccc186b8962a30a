extension ClerkClient {
    /// How a ``ClerkClient`` sends requests, keeps its tokens, waits and tells the time. Every part
    /// has a default, so a client names only what it changes:
    /// `ClerkClient(configuration: configuration, options: .init(tokenStore: store))`.
    public struct Options: Sendable {
        /// How requests are sent; `URLSessionTransport` by default.
        public var transport: any HTTPTransport
        /// Where the client token is kept; in memory by default.
        public var tokenStore: any TokenStore
        /// When requests are repeated.
        public var retryPolicy: RetryPolicy
        /// How token backoffs, the background token refresh and email-link polling wait, following
        /// `clock` (inject the same `ManualClock` from `ClerkTesting` as both in tests).
        public var sleeper: any Sleeper
        /// How retries and `Retry-After` waits pause: real time, since the server counts them in real
        /// time (inject one that records in tests; never a clock only a test moves).
        public var retrySleeper: any Sleeper
        /// Tells the time for token expiry, backoff and background refresh.
        public var clock: any WallClock
        /// How session tokens are cached, refreshed and retried.
        public var tokenPolicy: SessionTokenPolicy
        /// Receives one redacted log line per request and answer (never a token, body, password or code).
        public var logHandler: LogHandler?
        /// Solves the captcha of an instance with bot sign-up protection; asked only when a sign-up needs one.
        public var captchaProvider: (any CaptchaProvider)?

        /// Options with a default for each part left out.
        public init(
            transport: any HTTPTransport = URLSessionTransport(),
            tokenStore: any TokenStore = InMemoryTokenStore(),
            retryPolicy: RetryPolicy = .standard,
            sleeper: any Sleeper = TaskSleeper(),
            retrySleeper: any Sleeper = TaskSleeper(),
            clock: any WallClock = SystemWallClock(),
            tokenPolicy: SessionTokenPolicy = .standard,
            logHandler: LogHandler? = nil,
            captchaProvider: (any CaptchaProvider)? = nil
        ) {
            self.transport = transport
            self.tokenStore = tokenStore
            self.retryPolicy = retryPolicy
            self.sleeper = sleeper
            self.retrySleeper = retrySleeper
            self.clock = clock
            self.tokenPolicy = tokenPolicy
            self.logHandler = logHandler
            self.captchaProvider = captchaProvider
        }
    }
}
