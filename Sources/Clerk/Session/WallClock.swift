import Foundation

/// Tells the time for session tokens: when a cached token expires, when the next background
/// refresh is due, when a backoff ends. Inject one you control in tests (`ManualClock` in
/// `ClerkTesting`), together with a matching `Sleeper`.
public protocol WallClock: Sendable {
    /// The current time.
    func now() -> Date
}

/// The device's clock.
public struct SystemWallClock: WallClock {
    /// The device's clock.
    public init() {}

    /// `Date()`.
    public func now() -> Date { Date() }
}
