import Foundation

/// Everything one run of scripts/benchmarks measured, read from its results directory:
/// - `bench/*.tsv`: ordo-one/benchmark's `histogramPercentiles` export (nanoseconds, per iteration);
/// - `values.tsv`: `key<TAB>value` lines the script wrote (timings, line and warning counts);
/// - `peer-conformance.tsv`: `payload<TAB>accepted|rejected: why`, from the peer's types.
struct Measurements {
    /// Benchmark name (`section:case:variant`) to its p50 per operation.
    var benchmarks: [String: Sample] = [:]
    var values: [String: String] = [:]
    var peerConformance: [String: String] = [:]

    struct Sample {
        var nanoseconds: Double?
        var mallocs: Double?
        /// Custom metrics (e.g. `token requests`), by their name.
        var custom: [String: Double] = [:]
    }

    init(directory: URL) throws {
        let benchDirectory = directory.appendingPathComponent("bench")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: benchDirectory.path)) ?? []
        for file in files where file.hasSuffix(".histogram.percentiles.tsv") {
            guard let (name, metric) = Self.nameAndMetric(file) else { continue }
            let text = try String(contentsOf: benchDirectory.appendingPathComponent(file), encoding: .utf8)
            guard let p50 = Self.median(text) else { continue }
            switch metric {
            case "wallClock": benchmarks[name, default: Sample()].nanoseconds = p50
            case "mallocCountTotal": benchmarks[name, default: Sample()].mallocs = p50
            default: benchmarks[name, default: Sample()].custom[metric.replacingOccurrences(of: "_", with: " ")] = p50
            }
        }
        values = Self.table(directory.appendingPathComponent("values.tsv"))
        peerConformance = Self.table(directory.appendingPathComponent("peer-conformance.tsv"))
    }

    func value(_ key: String) -> Double? { values[key].flatMap(Double.init) }

    /// The sample of a benchmark by the name it was registered under: result file names carry
    /// underscores for spaces, so a name's own underscores (`long_message`) read back as spaces.
    func sample(_ name: String) -> Sample? {
        benchmarks[name] ?? benchmarks[name.replacingOccurrences(of: "_", with: " ")]
    }

    /// `Current_run.<Target>.<name with / and space as _>.<metric>.histogram.percentiles.tsv`.
    private static func nameAndMetric(_ file: String) -> (String, String)? {
        var parts = file.dropLast(".histogram.percentiles.tsv".count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, let metric = parts.popLast() else { return nil }
        let name = parts.dropFirst(2).joined(separator: ".").replacingOccurrences(of: "_", with: " ")
        return (name, String(metric))
    }

    /// The value at percentile 50 of a `Percentile<TAB>value` table.
    private static func median(_ text: String) -> Double? {
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: "\t")
            if columns.count == 2, columns[0] == "50" || columns[0] == "50.0" { return Double(columns[1]) }
        }
        return nil
    }

    private static func table(_ url: URL) -> [String: String] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let columns = line.split(separator: "\t", maxSplits: 1)
            if columns.count == 2 { result[String(columns[0])] = String(columns[1]) }
        }
        return result
    }
}
