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
        let rule = String(repeating: "-", count: nameWidth + 49)
        var lines = [
            "\(pad("flow", nameWidth))  \(pad("result", 7))  \(pad("requests", 8, right: true))  \(pad("time", 8, right: true))  sessions (tasks)",
            rule,
        ]
        for result in results {
            lines.append(
                "\(pad("\(result.number). \(result.name)", nameWidth))  \(pad(result.result, 7))  "
                    + "\(pad(String(result.requests), 8, right: true))  \(pad(String(format: "%.2f s", result.seconds), 8, right: true))  "
                    + sessions(result))
        }
        let passed = results.filter(\.passed).count
        let refused = results.filter { $0.refusal != nil }
        lines.append(rule)
        lines.append(
            "\(passed)/\(results.count) passed\(refused.isEmpty ? "" : ", \(refused.count) refused"), "
                + "\(results.map(\.requests).reduce(0, +)) requests, " + String(format: "%.2f s", results.map(\.seconds).reduce(0, +)))
        for result in refused {
            lines.append("refused \(result.number). \(result.name): \(result.refusal ?? "")")
        }
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
            /// No flow failed (a refused flow did not run, and is listed with its refusal).
            var passed: Bool
            var flows: [FlowRunResult]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Document(passed: !results.contains { !$0.passed && $0.refusal == nil }, flows: results))
        return String(decoding: data, as: UTF8.self)
    }
}
