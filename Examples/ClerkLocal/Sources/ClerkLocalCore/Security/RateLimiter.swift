import Foundation

/// A sliding-window request counter per key (a client, an address, an identifier).
package struct RateLimiter: Sendable {
    /// One key's requests still in the window, oldest first: those before `start` have left it and
    /// are dropped in bulk, so that counting a request costs the same however busy the key is.
    private struct Window: Sendable {
        var times: [Date] = []
        var start = 0

        var count: Int { times.count - start }
        var oldest: Date? { start < times.count ? times[start] : nil }
        var newest: Date? { times.last }

        mutating func drop(through windowStart: Date) {
            while start < times.count, times[start] <= windowStart { start += 1 }
            if start > 32, start * 2 > times.count {
                times.removeFirst(start)
                start = 0
            }
        }
    }

    private var hits: [String: Window] = [:]
    private var checksSincePrune = 0
    /// The keys counted since `startRecording`, in order, to take back if the operation is undone.
    private var recorded: [String]?

    package init() {}

    /// Counts a request under `key`; nil if it is allowed, otherwise the seconds until it would be.
    package mutating func admit(_ key: String, limit: RateLimit, now: Date) -> Int? {
        pruneOccasionally(now: now, window: TimeInterval(limit.windowSeconds))
        let windowStart = now.addingTimeInterval(-TimeInterval(limit.windowSeconds))
        // In place in the dictionary's storage: no copy of the key's history per request.
        let wait = Self.admit(&hits[key, default: Window()], windowStart: windowStart, limit: limit, now: now)
        if wait == nil { recorded?.append(key) }
        return wait
    }

    private static func admit(_ recent: inout Window, windowStart: Date, limit: RateLimit, now: Date) -> Int? {
        recent.drop(through: windowStart)
        if recent.count >= limit.requests, let oldest = recent.oldest {
            let wait = oldest.addingTimeInterval(TimeInterval(limit.windowSeconds)).timeIntervalSince(now)
            return max(1, Int(wait.rounded(.up)))
        }
        recent.times.append(now)
        return nil
    }

    package mutating func startRecording() {
        recorded = []
    }

    /// The keys counted since `startRecording`, oldest first.
    package mutating func stopRecording() -> [String] {
        defer { recorded = nil }
        return recorded ?? []
    }

    /// Takes back the requests an undone operation counted (operations are undone newest first, so
    /// each key's newest request is the operation's).
    package mutating func undo(_ keys: [String]) {
        for key in keys.reversed() {
            if (hits[key]?.count ?? 0) > 0 { hits[key]?.times.removeLast() }
        }
    }

    package mutating func reset() {
        hits = [:]
    }

    private mutating func pruneOccasionally(now: Date, window: TimeInterval) {
        checksSincePrune += 1
        guard checksSincePrune >= 1000 else { return }
        checksSincePrune = 0
        let horizon = now.addingTimeInterval(-window)
        hits = hits.filter { $0.value.newest.map { $0 > horizon } ?? false }
    }
}
