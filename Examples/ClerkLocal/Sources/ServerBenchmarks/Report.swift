import Foundation

/// Results as `key<TAB>value` lines on stdout (what scripts/benchmarks records), progress on stderr.
enum Report {
    static func value(_ key: String, _ number: Double, decimals: Int = 2) {
        line("\(key)\t\(String(format: "%.\(decimals)f", number))")
    }

    static func count(_ key: String, _ number: Int) {
        line("\(key)\t\(number)")
    }

    /// rps, p50 and p99 (milliseconds) and errors of one load run, under `prefix` (e.g. `server.flow.c8`).
    static func load(_ prefix: String, _ result: LoadResult) {
        load(prefix, result, perSecond: result.perSecond)
    }

    /// Rounds of one measurement: `rps` is the median round's rate, p50 and p99 are taken over every
    /// round's latencies together, errors are summed.
    static func series(_ prefix: String, _ runs: [LoadResult]) {
        load(prefix, LoadResult(pooling: runs), perSecond: RatioSummary.median(runs.map(\.perSecond)))
        progress("    per round: " + runs.map { String(format: "%.0f/s", $0.perSecond) }.joined(separator: " "))
    }

    /// The median ratio of a comparison and its spread (lowest and highest round).
    static func ratio(_ prefix: String, _ summary: RatioSummary) {
        value("\(prefix).median", summary.median, decimals: 3)
        value("\(prefix).low", summary.low, decimals: 3)
        value("\(prefix).high", summary.high, decimals: 3)
        progress(
            String(
                format: "  %@: median %.2fx (%.2f–%.2f over %d rounds)", prefix, summary.median, summary.low, summary.high,
                summary.ratios.count))
    }

    private static func load(_ prefix: String, _ result: LoadResult, perSecond: Double) {
        value("\(prefix).rps", perSecond, decimals: 1)
        value("\(prefix).p50.ms", result.percentileMilliseconds(50), decimals: 3)
        value("\(prefix).p99.ms", result.percentileMilliseconds(99), decimals: 3)
        count("\(prefix).errors", result.errors)
        let error = result.firstError.map { "; first error: \($0)" } ?? ""
        progress(
            String(
                format: "  %@: %.0f/s, p50 %.2f ms, p99 %.2f ms, %d done, %d errors%@", prefix, perSecond,
                result.percentileMilliseconds(50), result.percentileMilliseconds(99), result.completed, result.errors, error))
    }

    /// Unbuffered, so that a run cut short still leaves what it measured.
    private static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func progress(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
