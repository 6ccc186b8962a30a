/// The text format: a summary line, the changes by level, then the extensions.
struct TextReport {
    let report: DriftReport

    func render() -> String {
        var lines = ["schema-drift: \(report.scopeLine)", report.countsLine]
        for level in DriftLevel.allCases {
            let changes = report.changes.filter { $0.level == level }
            guard !changes.isEmpty else { continue }
            lines.append("")
            lines += changes.map { "\($0.level.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) \($0.kind): \($0.location): \($0.message)" }
        }
        if !report.extensions.isEmpty {
            lines.append("")
            lines.append("Deliberate extensions (Schema/extensions.json), not drift: \(report.extensions.count)")
            lines += report.extensions.map { "  \($0.subject): \($0.evidence)" }
        }
        return lines.joined(separator: "\n")
    }
}
