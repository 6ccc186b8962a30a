import Foundation

/// How `schema-drift` prints a report.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// Lines for a terminal: a summary, then one line per change.
    case text
    /// `{"changes": [{"level", "kind", "location", "message"}]}`, for machines.
    case json
    /// A report a maintainer pastes into a pull request.
    case markdown

    /// The report in this format.
    public func render(_ report: DriftReport) -> String {
        switch self {
        case .text: TextReport(report: report).render()
        case .json: JSONReport.render(report)
        case .markdown: MarkdownReport(report: report).render()
        }
    }
}

extension DriftReport {
    /// `ERR 0, WARN 2, INFO 170`.
    var countsLine: String {
        DriftLevel.allCases.map { "\($0.rawValue) \(count($0))" }.joined(separator: ", ")
    }

    /// What was compared with what, and what was not.
    var scopeLine: String {
        let catalogue = catalogueName.map { "error codes against \($0)" } ?? "error codes not compared (no --errors catalogue given)"
        return "Schema/ against \(specName); \(catalogue)"
    }
}

/// The JSON format: exactly the changes' level, kind, location and message.
enum JSONReport {
    private struct Body: Encodable {
        var changes: [DriftChange]
    }

    static func render(_ report: DriftReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Body(changes: report.changes))) ?? Data("{\"changes\": []}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
