/// How session tokens are cached, refreshed ahead of expiry and retried after failures.
public struct SessionTokenPolicy: Sendable, Hashable {
    /// A cached token with less than this left is refreshed; the background refresh fetches the
    /// next token this long before the current one expires.
    public var refreshLeeway: Duration
    /// The wait after a key's first failed fetch; each further failure doubles it.
    public var backoffBase: Duration
    /// The longest backoff.
    public var backoffMax: Duration
    /// The fraction (0 to 1) of each backoff taken off at random, so that many devices that
    /// failed together do not retry together. 0 makes backoffs exact.
    public var jitter: Double
    /// How often the background refresh fetches a token whose expiry it cannot read.
    public var fallbackRefreshInterval: Duration
    /// The shortest wait between two background refreshes.
    public var minimumRefreshInterval: Duration

    /// A policy; `jitter` is clamped to 0...1 and durations to at least zero.
    public init(
        refreshLeeway: Duration = .seconds(10),
        backoffBase: Duration = .seconds(1),
        backoffMax: Duration = .seconds(60),
        jitter: Double = 0.2,
        fallbackRefreshInterval: Duration = .seconds(50),
        minimumRefreshInterval: Duration = .seconds(1)
    ) {
        self.refreshLeeway = max(.zero, refreshLeeway)
        self.backoffBase = max(.zero, backoffBase)
        self.backoffMax = max(self.backoffBase, backoffMax)
        self.jitter = jitter.isFinite ? min(1, max(0, jitter)) : 0
        self.fallbackRefreshInterval = max(.zero, fallbackRefreshInterval)
        self.minimumRefreshInterval = max(.zero, minimumRefreshInterval)
    }

    /// Refresh 10 s ahead; back off 1 s, 2 s, 4 s … up to 60 s, with 20 % jitter.
    public static let standard = SessionTokenPolicy()

    /// The backoff after `failures` consecutive failures (1-based), before jitter.
    public func backoff(afterFailures failures: Int) -> Duration {
        var delay = backoffBase
        var remaining = max(1, failures) - 1
        while remaining > 0, delay < backoffMax {
            delay = min(delay * 2, backoffMax)
            remaining -= 1
        }
        return min(delay, backoffMax)
    }

    /// The backoff after `failures` failures with jitter applied: `random` (0 to 1) takes up to
    /// `jitter` of it off.
    public func jitteredBackoff(afterFailures failures: Int, random: Double) -> Duration {
        let delay = backoff(afterFailures: failures)
        let fraction = 1 - jitter * min(1, max(0, random))
        return delay * fraction
    }
}
