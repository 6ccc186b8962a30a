import ClerkLocalCore
import Foundation
import NIOConcurrencyHelpers

/// The latest requests in memory, newest last, for the dashboard's request log. Like the console
/// line, an entry holds no query string, header, body or token.
package final class RequestHistory: Sendable {
    package struct Entry: Sendable, Hashable {
        package var method: String
        package var path: String
        package var status: Int
        package var milliseconds: Double
        package var at: Date
        package init(method: String, path: String, status: Int, milliseconds: Double, at: Date) {
            self.method = method
            self.path = path
            self.status = status
            self.milliseconds = milliseconds
            self.at = at
        }
    }

    package static let defaultCapacity = 200

    private let entries = NIOLockedValueBox<[Entry]>([])
    package let capacity: Int

    package init(capacity: Int = RequestHistory.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    package func record(_ entry: Entry) {
        entries.withLockedValue { stored in
            stored.append(entry)
            if stored.count > capacity { stored.removeFirst(stored.count - capacity) }
        }
    }

    /// Oldest first.
    package var all: [Entry] { entries.withLockedValue { $0 } }

    package func clear() {
        entries.withLockedValue { $0.removeAll() }
    }
}
