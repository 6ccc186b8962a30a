/// When and how long to wait before repeating a request.
///
/// Only endpoints whose `isSafeToRetry` is true (reading the client, environment, sign-in or
/// sign-up; fetching a session token) are ever repeated, on 429, 5xx and transient transport
/// failures. Creating, preparing and attempting are never repeated.
public struct RetryPolicy: Sendable, Hashable {
    /// The most attempts per request, the first included (1 disables retries).
    public var maxAttempts: Int
    /// The delay before the first retry; each next one doubles it.
    public var baseDelay: Duration
    /// The longest delay the SDK waits. A `Retry-After` longer than this is not waited for:
    /// the error is thrown with `retryAfter` set instead.
    public var maxDelay: Duration

    /// A policy; `maxAttempts` is at least 1.
    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(10)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Three attempts, 250 ms then 500 ms apart, waiting at most 10 s.
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

/// Waits between retries. Inject one that records instead of waiting in tests.
public protocol Sleeper: Sendable {
    /// Suspends for `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real sleeper: `Task.sleep`.
public struct TaskSleeper: Sleeper {
    /// The real sleeper.
    public init() {}

    /// Sleeps with `Task.sleep`.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
