/// Waits: between retries (`retrySleeper`, real time) and for session-token timing (`sleeper`,
/// paired with the client's `clock`). Inject one that records instead of waiting in tests.
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
