/// The text format: a summary (counts by level, then by kind), the changes by level, then the extensions.
struct TextReport {
    let report: DriftReport

    func render() -> String {
        var lines = ["schema-drift: \(report.scopeLine)", report.countsLine]
        lines += kindCounts().map { "  \($0.level.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) \($0.kind): \($0.count)" }
        if !report.extensions.isEmpty {
            lines.append("  deliberate extensions (Schema/extensions.json), not drift: \(report.extensions.count)")
        }
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

    /// How many changes of each kind, most severe level first, then in order of first appearance.
    private func kindCounts() -> [(level: DriftLevel, kind: String, count: Int)] {
        var counts: [(level: DriftLevel, kind: String, count: Int)] = []
        for level in DriftLevel.allCases {
            for change in report.changes where change.level == level {
                if let index = counts.firstIndex(where: { $0.level == level && $0.kind == change.kind }) {
                    counts[index].count += 1
                } else {
                    counts.append((level, change.kind, 1))
                }
            }
        }
        return counts
    }
}
