import Foundation

/// An SDK-only consumer (Workspaces/ConsumerOneStrategy vs Workspaces/ConsumerAllStrategies): its
/// debug build from a clean scratch directory (`consumer.<one|all>.seconds`) and its binary
/// (`consumer.<one|all>.bytes`, `.stripped.bytes`).
extension Table {
    mutating func addConsumerBuild(_ m: Measurements) {
        let oneTime = m.value("consumer.one.seconds")
        let allTime = m.value("consumer.all.seconds")
        add(
            Row(
                measurement: "Clean debug build of an SDK-only consumer (new scratch directory): runtime + ClerkPassword vs runtime + all 7 strategies",
                ours: oneTime.map { "1 strategy: " + Format.seconds($0) } ?? "not run",
                reference: allTime.map { "all 7: " + Format.seconds($0) } ?? "not run",
                ratio: ratio(oneTime, allTime).map(Format.ratio) ?? "—"
            ))
        let oneSize = m.value("consumer.one.bytes")
        let allSize = m.value("consumer.all.bytes")
        add(
            Row(
                measurement: "Binary size of that consumer, debug build (stripped in parentheses)",
                ours: Self.size(oneSize, stripped: m.value("consumer.one.stripped.bytes"), label: "1 strategy"),
                reference: Self.size(allSize, stripped: m.value("consumer.all.stripped.bytes"), label: "all 7"),
                ratio: ratio(oneSize, allSize).map(Format.ratio) ?? "—"
            ))
    }

    private static func size(_ bytes: Double?, stripped: Double?, label: String) -> String {
        guard let bytes else { return "not run" }
        let strippedText = stripped.map { " (\(megabytes($0)))" } ?? ""
        return "\(label): \(megabytes(bytes))\(strippedText)"
    }

    /// Megabytes with two decimals and the exact byte count.
    private static func megabytes(_ bytes: Double) -> String {
        String(format: "%.2f MB, %.0f bytes", bytes / 1_000_000, bytes)
    }
}
