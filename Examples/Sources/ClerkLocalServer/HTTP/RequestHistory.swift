import Foundation
import NIOConcurrencyHelpers

/// The latest requests in memory, newest last, for the dashboard's request log. Like the console
/// line, an entry holds no query string, header, body or token.
final class RequestHistory: Sendable {
    struct Entry: Sendable, Hashable {
        var method: String
        var path: String
        var status: Int
        var milliseconds: Double
        var at: Date
    }

    static let defaultCapacity = 200

    private let entries = NIOLockedValueBox<[Entry]>([])
    let capacity: Int

    init(capacity: Int = RequestHistory.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    func record(_ entry: Entry) {
        entries.withLockedValue { stored in
            stored.append(entry)
            if stored.count > capacity { stored.removeFirst(stored.count - capacity) }
        }
    }

    /// Oldest first.
    var all: [Entry] { entries.withLockedValue { $0 } }

    func clear() {
        entries.withLockedValue { $0.removeAll() }
    }
}
