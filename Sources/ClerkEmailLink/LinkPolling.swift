import Clerk

/// How the SDK waits for an email link to be opened: it reads the sign-in or sign-up again after
/// `firstInterval`, then after intervals growing by `multiplier` up to `maxInterval`, and stops
/// with `FlowError.emailLink(.notOpened)` once `timeout` has passed. The pauses follow the
/// client's `sleeper` and `clock` (a `ManualClock` in tests); cancelling the task ends the wait
/// with `ClerkError.cancelled`.
///
/// ```swift
/// let patient = LinkPolling(firstInterval: .seconds(2), maxInterval: .seconds(10), timeout: .seconds(900))
/// ```
public struct LinkPolling: Sendable, Hashable {
    /// The pause before the first read.
    public var firstInterval: Duration
    /// How much each pause grows over the previous one (at least 1).
    public var multiplier: Double
    /// The longest pause.
    public var maxInterval: Duration
    /// How long to wait in all before giving up; Clerk's links expire after 10 minutes by default.
    public var timeout: Duration

    /// A polling policy; the defaults read after 1 s, then 1.5 s, 2.25 s, … up to 5 s, for 10 minutes.
    public init(
        firstInterval: Duration = .seconds(1), multiplier: Double = 1.5, maxInterval: Duration = .seconds(5),
        timeout: Duration = .seconds(600)
    ) {
        self.firstInterval = max(firstInterval, .milliseconds(1))
        self.multiplier = max(multiplier, 1)
        self.maxInterval = max(maxInterval, self.firstInterval)
        self.timeout = timeout
    }

    /// 1 s growing by half up to 5 s, for 10 minutes.
    public static let standard = LinkPolling()

    /// The pause after `interval`.
    func next(after interval: Duration) -> Duration {
        min(interval * multiplier, maxInterval)
    }
}
