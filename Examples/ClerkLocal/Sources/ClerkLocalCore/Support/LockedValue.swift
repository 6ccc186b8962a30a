import Synchronization

/// A value behind a lock, shared by reference: the standard library's `Mutex` is a value that
/// cannot be copied, and the core hands one lock to several owners (the store and its rules).
package final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: Value) {
        mutex = Mutex(value)
    }

    package func withLockedValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }
}
