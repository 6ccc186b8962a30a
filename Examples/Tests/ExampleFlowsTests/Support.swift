import ClerkLocalServer
import ExampleFlows
import Foundation
import Testing

extension ExampleFlow: CustomTestStringConvertible {
    public var testDescription: String { "\(number). \(name)" }
}

/// Something a test fills in from inside a flow run (the server, lines written to a terminal).
final class Box<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    var current: Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ newValue: Value) {
        lock.lock()
        value = newValue
        lock.unlock()
    }

    func update(_ body: (inout Value) -> Void) {
        lock.lock()
        body(&value)
        lock.unlock()
    }
}

extension FlowRunResult {
    /// The failure, for `#expect` messages.
    var failureComment: Comment { Comment(rawValue: error ?? "passed") }

    /// The API error codes of every rejected code or password, in order.
    var rejections: [String] { events.flatMap(\.rejectionCodes) }

    /// The transcript's request lines.
    var requestLines: [String] { transcript.filter { $0.kind == .request }.map(\.text) }
}
