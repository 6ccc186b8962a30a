import Foundation

/// The end of a run: one row per flow (flow, result, requests made, time).
public enum Summary {
    /// The summary table, as printed after the transcripts.
    public static func table(_ results: [FlowRunResult]) -> String {
        let nameWidth = max(4, results.map { "\($0.number). \($0.name)".count }.max() ?? 0)
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return right ? fill + text : text + fill
        }
        let rule = String(repeating: "-", count: nameWidth + 48)
        var lines = [
            "\(pad("flow", nameWidth))  \(pad("result", 6))  \(pad("requests", 8, right: true))  \(pad("time", 8, right: true))  sessions (tasks)",
            rule,
        ]
        for result in results {
            lines.append(
                "\(pad("\(result.number). \(result.name)", nameWidth))  \(pad(result.result, 6))  "
                    + "\(pad(String(result.requests), 8, right: true))  \(pad(String(format: "%.2f s", result.seconds), 8, right: true))  "
                    + sessions(result))
        }
        let passed = results.filter(\.passed).count
        lines.append(rule)
        lines.append(
            "\(passed)/\(results.count) passed, \(results.map(\.requests).reduce(0, +)) requests, "
                + String(format: "%.2f s", results.map(\.seconds).reduce(0, +)))
        return lines.joined(separator: "\n")
    }

    /// Each session the flow ended a phase with: its status, and its tasks if it has any.
    static func sessions(_ result: FlowRunResult) -> String {
        guard !result.sessions.isEmpty else { return "none" }
        return result.sessions.map { session in
            session.tasks.isEmpty ? session.status : "\(session.status) (\(session.tasks.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }

    /// The machine-readable results (`--json`).
    public static func json(_ results: [FlowRunResult]) throws -> String {
        struct Document: Encodable {
            var passed: Bool
            var flows: [FlowRunResult]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(passed: results.allSatisfy(\.passed), flows: results))
        return String(decoding: data, as: UTF8.self)
    }
}
