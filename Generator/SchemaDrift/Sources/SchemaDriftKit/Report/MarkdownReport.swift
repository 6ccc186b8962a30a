/// The markdown format: a report to paste into a pull request. What the schema does not cover and the
/// deliberate extensions are folded away (`<details>`); the changes stay in view.
struct MarkdownReport {
    let report: DriftReport

    func render() -> String {
        var lines = [
            "## Schema drift: \(report.specName)", "",
            report.scopeLine + ".", "",
            "| level | changes |", "| --- | ---: |",
        ]
        lines += DriftLevel.allCases.map { "| \($0.rawValue) | \(report.count($0)) |" }
        let uncovered = report.changes.filter { $0.kind == "operation-uncovered" }
        for level in DriftLevel.allCases {
            let changes = report.changes.filter { $0.level == level && $0.kind != "operation-uncovered" }
            guard !changes.isEmpty else { continue }
            lines += ["", "### \(level.rawValue): \(Self.heading(level)) (\(changes.count))", ""] + Self.table(changes)
        }
        if !uncovered.isEmpty {
            lines += ["", "<details><summary>INFO: operations of the spec the schema does not cover (\(uncovered.count))</summary>", ""]
            lines += Self.table(uncovered) + ["", "</details>"]
        }
        if !report.extensions.isEmpty {
            lines += ["", "<details><summary>Deliberate extensions (\(report.extensions.count)), not drift</summary>", ""]
            lines += report.extensions.map { "- `\($0.subject)`: \(Self.cell($0.evidence))" } + ["", "</details>"]
        }
        let applicable = report.additions.count
        lines += [
            "",
            "`schema-drift --apply` would write \(applicable) additive change\(applicable == 1 ? "" : "s") into Schema/; ERR and WARN changes need a maintainer.",
        ]
        return lines.joined(separator: "\n")
    }

    private static func table(_ changes: [DriftChange]) -> [String] {
        ["| kind | location | message |", "| --- | --- | --- |"] + changes.map { "| \($0.kind) | `\($0.location)` | \(cell($0.message)) |" }
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
