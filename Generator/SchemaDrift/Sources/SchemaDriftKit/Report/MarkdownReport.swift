/// The markdown format: a report to paste into a pull request.
struct MarkdownReport {
    let report: DriftReport

    func render() -> String {
        var lines = [
            "## Schema drift: \(report.specName)", "",
            report.scopeLine + ".", "",
            "| level | changes |", "| --- | ---: |",
        ]
        lines += DriftLevel.allCases.map { "| \($0.rawValue) | \(report.count($0)) |" }
        for level in DriftLevel.allCases {
            let changes = report.changes.filter { $0.level == level }
            guard !changes.isEmpty else { continue }
            lines += ["", "### \(level.rawValue): \(Self.heading(level)) (\(changes.count))", "", "| kind | location | message |", "| --- | --- | --- |"]
            lines += changes.map { "| \($0.kind) | `\($0.location)` | \(Self.cell($0.message)) |" }
        }
        if !report.extensions.isEmpty {
            lines += ["", "### Deliberate extensions (\(report.extensions.count)), not drift", ""]
            lines += report.extensions.map { "- `\($0.subject)`: \(Self.cell($0.evidence))" }
        }
        let applicable = report.additions.count
        lines += [
            "",
            "`schema-drift --apply` would write \(applicable) additive change\(applicable == 1 ? "" : "s") into Schema/; ERR and WARN changes need a maintainer.",
        ]
        return lines.joined(separator: "\n")
    }

    private static func heading(_ level: DriftLevel) -> String {
        switch level {
        case .error: "the generated SDK would break"
        case .warning: "it may break"
        case .info: "additive"
        }
    }

    /// Text safe inside a table cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
