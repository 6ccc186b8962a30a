/// clerk-local on a data directory as its users grow, from ServerBenchmarks' `GrowthBenchmark`:
/// `server.growth.<N>.<import|export|start>.ms`, `server.growth.<N>.resident.mib`,
/// `server.growth.<N>.sign_in.p50.ms` and `server.growth.<N>.sign_in.ratio.<median|min|max>`.
extension Table {
    static let growthSizes = [1_000, 10_000, 100_000]

    mutating func addGrowth(_ m: Measurements) {
        let measured: [(key: String, what: String, format: (Double) -> String)] = [
            ("start.ms", "start on the data directory until listening (median of 3)", Format.milliseconds),
            ("resident.mib", "resident memory the start added (VmRSS)", Self.mebibytes),
            ("export.ms", "export (`/__local/admin/export`, median of 3)", Format.milliseconds),
            ("import.ms", "import (`/__local/admin/import`, documents of 10,000 users)", Format.milliseconds),
        ]
        guard let base = Self.growthSizes.first else { return }
        for (key, what, format) in measured {
            let baseValue = m.value("server.growth.\(base).\(key)")
            for size in Self.growthSizes {
                let value = m.value("server.growth.\(size).\(key)")
                let users = Format.count(Double(size))
                guard size != base else {
                    add(Row(measurement: "Local server, \(users) users: \(what)", ours: value.map(format) ?? "not run"))
                    continue
                }
                let linear = Double(size) / Double(base)
                let factor = ratio(value, baseValue)
                add(
                    Row(
                        measurement: "Local server, \(users) users: \(what); growth over \(Format.count(Double(base))) users",
                        ours: value.map(format) ?? "not run", reference: baseValue.map(format) ?? "—",
                        ratio: factor.map(Format.ratio) ?? "—", target: "≤ \(Format.ratio(linear)) (linear)",
                        result: Format.verdict(factor, atMost: linear)))
            }
        }
        addGrowthSignIn(m, base: base)
    }

    private mutating func addGrowthSignIn(_ m: Measurements, base: Int) {
        guard let largest = Self.growthSizes.last else { return }
        let median = m.value("server.growth.\(largest).sign_in.ratio.median")
        var ratioText = median.map(Format.ratio) ?? "—"
        if let low = m.value("server.growth.\(largest).sign_in.ratio.min"), let high = m.value("server.growth.\(largest).sign_in.ratio.max") {
            ratioText += " (rounds \(Format.ratio(low))–\(Format.ratio(high)))"
        }
        add(
            Row(
                measurement:
                    "Local server on a data directory, 1 client: POST /v1/client/sign_ins p50 with \(Format.count(Double(largest))) users vs \(Format.count(Double(base))), median of alternating rounds",
                ours: m.value("server.growth.\(largest).sign_in.p50.ms").map(Format.milliseconds) ?? "not run",
                reference: m.value("server.growth.\(base).sign_in.p50.ms").map(Format.milliseconds) ?? "—", ratio: ratioText,
                target: "≤ 1.20x", result: Format.verdict(median, atMost: 1.2)))
    }

    private static func mebibytes(_ value: Double) -> String { String(format: "%.1f MiB", value) }
}
