import ClerkLocalServer
import ExampleFlows
import Foundation
import Testing

extension ExampleFlow: CustomTestStringConvertible {
    public var testDescription: String { "\(number). \(name)" }
}

extension FlowRunResult {
    /// The failure, for `#expect` messages.
    var failureComment: Comment { Comment(rawValue: error ?? "passed") }

    /// The API error codes of every rejected code or password, in order.
    var rejections: [String] { events.flatMap(\.rejectionCodes) }

    /// The transcript's request lines.
    var requestLines: [String] { transcript.filter { $0.kind == .request }.map(\.text) }
}
