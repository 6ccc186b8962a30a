import Foundation

/// A sliding-window request counter per key (a client, an address, an identifier). With tracking on
/// (storage that keeps state), every request it admits is also handed to storage (`takeChanges`), and
/// what storage kept comes back at start (`restore`).
package struct RateLimiter: Sendable {
    /// One key's requests still in the window, oldest first: those before `start` have left it and
    /// are dropped in bulk, so that counting a request costs the same however busy the key is.
    private struct Window: Sendable {
        var times: [Date] = []
        var start = 0
        /// The window of the limit the key was last counted under.
        var seconds: TimeInterval = 0

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
    private let tracksChanges: Bool
    private var changes = RateLimitChanges()
    private var nextHitID: Int64 = 1

    package init(tracksChanges: Bool = false) {
        self.tracksChanges = tracksChanges
    }

    /// Counts a request under `key`; nil if it is allowed, otherwise the seconds until it would be.
    package mutating func admit(_ key: String, limit: RateLimit, now: Date) -> Int? {
        let seconds = TimeInterval(limit.windowSeconds)
        pruneOccasionally(now: now)
        let windowStart = now.addingTimeInterval(-seconds)
        // In place in the dictionary's storage: no copy of the key's history per request.
        let wait = Self.admit(&hits[key, default: Window()], windowStart: windowStart, limit: limit, now: now)
        guard wait == nil else { return wait }
        recorded?.append(key)
        if tracksChanges {
            changes.added.append(RateLimitHit(id: nextHitID, key: key, at: now, expiresAt: now.addingTimeInterval(seconds)))
            nextHitID += 1
        }
        return nil
    }

    private static func admit(_ recent: inout Window, windowStart: Date, limit: RateLimit, now: Date) -> Int? {
        recent.seconds = TimeInterval(limit.windowSeconds)
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
        changes = RateLimitChanges()
    }

    // MARK: Storage

    /// The counts to write since the last call.
    package mutating func takeChanges() -> RateLimitChanges {
        defer { changes = RateLimitChanges() }
        return changes
    }

    /// Deletes again, with the next batch, the counts of a batch whose operation was undone (if that
    /// batch was written, its rows go; if not, there is nothing to delete).
    package mutating func withdraw(_ batch: RateLimitChanges) {
        guard tracksChanges else { return }
        changes.withdraw(batch)
    }

    /// Puts back the counts storage kept (at start); those that have left their window are dropped,
    /// here and, with the next batch, in storage.
    package mutating func restore(_ stored: [RateLimitHit], now: Date) {
        for hit in stored.sorted(by: { $0.id < $1.id }) {
            nextHitID = max(nextHitID, hit.id + 1)
            guard hit.expiresAt > now else { continue }
            hits[hit.key, default: Window()].times.append(hit.at)
            hits[hit.key]?.seconds = hit.expiresAt.timeIntervalSince(hit.at)
        }
        if tracksChanges, stored.contains(where: { $0.expiresAt <= now }) { changes.expiredBy = now }
    }

    /// Every thousand checks, forgets the keys whose newest request has left its window (and storage
    /// drops every expired count with the next batch).
    private mutating func pruneOccasionally(now: Date) {
        checksSincePrune += 1
        guard checksSincePrune >= 1000 else { return }
        checksSincePrune = 0
        hits = hits.filter { _, window in window.newest.map { $0.addingTimeInterval(window.seconds) > now } ?? false }
        if tracksChanges { changes.expiredBy = now }
    }
}
