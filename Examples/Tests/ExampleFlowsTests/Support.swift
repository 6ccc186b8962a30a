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

/// A product of this package, built beside the test bundle.
enum BuiltProduct {
    static func url(named name: String) -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
        ]
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return url
            }
        }
        return nil
    }
}
