import Foundation

/// One request counted against a rate limit, as storage keeps it: the counts of the last window
/// survive a restart, so restarting the server buys no attempts.
package struct RateLimitHit: Sendable, Hashable {
    /// Increasing in the order the requests were counted (across restarts), so that each key's
    /// requests come back oldest first and an undone request's row can be deleted.
    package var id: Int64
    package var key: String
    package var at: Date
    /// When it leaves its window (it is not counted from then on, and storage drops it).
    package var expiresAt: Date

    package init(id: Int64, key: String, at: Date, expiresAt: Date) {
        self.id = id
        self.key = key
        self.at = at
        self.expiresAt = expiresAt
    }
}

/// The counts to write with the next batch: the requests counted, the ones taken back (their operation
/// was undone after its batch was handed over), and a horizon before which every count has expired.
package struct RateLimitChanges: Sendable {
    package var added: [RateLimitHit] = []
    package var withdrawn: [Int64] = []
    package var expiredBy: Date?

    package init() {}

    package var isEmpty: Bool { added.isEmpty && withdrawn.isEmpty && expiredBy == nil }

    /// Takes back a batch that never became durable: its counts were undone with its operation.
    mutating func withdraw(_ batch: RateLimitChanges) {
        withdrawn += batch.added.map(\.id)
        if let horizon = batch.expiredBy { expiredBy = max(expiredBy ?? horizon, horizon) }
    }
}
