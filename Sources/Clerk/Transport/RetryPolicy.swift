/// When and how long to wait before repeating a request, and how long one call may take.
///
/// Endpoints whose `isSafeToRetry` is true (reading the client, environment, sign-in or
/// sign-up; fetching a session token) are repeated on 429, 5xx and transient transport failures.
/// Every other request (creating, preparing, attempting) is repeated only after a 429, which
/// says the server did nothing; when its answer is lost it is never sent again (`ClerkError.answerLost`).
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts per request, the first included (1 disables retries).
    public var maxAttempts: Int
    /// The delay before the first retry; each next one doubles it.
    public var baseDelay: Duration
    /// The longest delay the SDK waits. A `Retry-After` longer than this is not waited for:
    /// the error is thrown with `retryAfter` set instead.
    public var maxDelay: Duration
    /// The longest one call may take, every attempt and wait included (nil: no limit). No retry
    /// starts that would end its wait past it, and the attempt in flight when it passes is
    /// abandoned as `TransportError.timedOut`. Each attempt also has the transport's own time-out
    /// (`URLSessionTransport(timeout:)`, 30 s by default).
    public var deadline: Duration?

    /// A policy; `maxAttempts` is at least 1.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(10), deadline: Duration? = .seconds(60)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.deadline = deadline
    }

    /// Three attempts, 250 ms then 500 ms apart, waiting at most 10 s, 60 s for the whole call.
    public static let standard = RetryPolicy()
    /// Never repeat a request.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The delay before attempt `attempt + 1` after attempt `attempt` (1-based) failed, honouring
    /// `retryAfter`; nil when the request must not be repeated.
    public func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration? {
        guard attempt < maxAttempts else { return nil }
        var backoff = baseDelay
        for _ in 1..<attempt { backoff = min(backoff * 2, maxDelay) }
        guard let retryAfter else { return min(backoff, maxDelay) }
        if retryAfter > maxDelay { return nil }
        return max(retryAfter, backoff)
    }
}
