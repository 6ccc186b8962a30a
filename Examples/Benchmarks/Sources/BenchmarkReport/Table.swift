/// One markdown table: what was measured, this project's number, the floor, peer or limit it is
/// compared with, their ratio, the target and whether it is met.
struct Table {
    struct Row {
        var measurement: String
        var ours: String
        var reference: String = "—"
        var ratio: String = "—"
        var target: String = "—"
        var result: String = "—"
    }

    private(set) var rows: [Row] = []

    mutating func add(_ row: Row) { rows.append(row) }

    var markdown: String {
        let header = ["Measurement", "This project", "Floor / peer / limit", "Ratio", "Target", "Result"]
        let lines =
            [header, header.map { _ in "---" }]
            + rows.map {
                [$0.measurement, $0.ours, $0.reference, $0.ratio, $0.target, $0.result]
            }
        return lines.map { "| " + $0.map(Self.escape).joined(separator: " | ") + " |" }.joined(separator: "\n")
    }

    private static func escape(_ cell: String) -> String {
        cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
