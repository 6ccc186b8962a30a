import Foundation

/// A sliding-window request counter per key (a client, an address, an identifier).
package struct RateLimiter: Sendable {
    private var hits: [String: [Date]] = [:]
    private var checksSincePrune = 0

    package init() {}

    /// Counts a request under `key`; nil if it is allowed, otherwise the seconds until it would be.
    package mutating func admit(_ key: String, limit: RateLimit, now: Date) -> Int? {
        pruneOccasionally(now: now, window: TimeInterval(limit.windowSeconds))
        let windowStart = now.addingTimeInterval(-TimeInterval(limit.windowSeconds))
        // In place in the dictionary's storage: no copy of the key's history per request.
        return Self.admit(&hits[key, default: []], windowStart: windowStart, limit: limit, now: now)
    }

    private static func admit(_ recent: inout [Date], windowStart: Date, limit: RateLimit, now: Date) -> Int? {
        recent.removeAll { $0 <= windowStart }
        if recent.count >= limit.requests, let oldest = recent.first {
            let wait = oldest.addingTimeInterval(TimeInterval(limit.windowSeconds)).timeIntervalSince(now)
            return max(1, Int(wait.rounded(.up)))
        }
        recent.append(now)
        return nil
    }

    package mutating func reset() {
        hits = [:]
    }

    private mutating func pruneOccasionally(now: Date, window: TimeInterval) {
        checksSincePrune += 1
        guard checksSincePrune >= 1000 else { return }
        checksSincePrune = 0
        let horizon = now.addingTimeInterval(-window)
        hits = hits.filter { $0.value.last.map { $0 > horizon } ?? false }
    }
}
