import Foundation
import NIOConcurrencyHelpers

/// Where the server reads the time: every expiry, lockout, rate-limit window and TOTP step
/// goes through it, so tests can move time instead of waiting.
public protocol ServerClock: Sendable {
    func now() -> Date
}

/// The machine's clock.
public struct SystemClock: ServerClock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that only moves when told to, for tests of expiry, lockout and rate limits.
public final class ManualClock: ServerClock {
    private let current: NIOLockedValueBox<Date>

    public init(start: Date = Date()) {
        current = NIOLockedValueBox(start)
    }

    public func now() -> Date { current.withLockedValue { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0 += seconds }
    }

    public func set(_ date: Date) {
        current.withLockedValue { $0 = date }
    }
}
