import Foundation

/// How numbers appear in the table.
enum Format {
    static func duration(nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: String(format: "%.1f µs", nanoseconds / 1_000)
        case ..<1_000_000_000: String(format: "%.1f ms", nanoseconds / 1_000_000)
        default: String(format: "%.2f s", nanoseconds / 1_000_000_000)
        }
    }

    static func milliseconds(_ value: Double) -> String { duration(nanoseconds: value * 1_000_000) }
    static func seconds(_ value: Double) -> String { String(format: "%.1f s", value) }
    static func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
    static func count(_ value: Double) -> String { String(format: "%.0f", value) }

    static func sample(_ sample: Measurements.Sample?) -> String {
        guard let sample, let nanoseconds = sample.nanoseconds else { return "not run" }
        let mallocs = sample.mallocs.map { ", \(count($0)) mallocs" } ?? ""
        return duration(nanoseconds: nanoseconds) + mallocs
    }

    /// "met" or "missed by N%" for a value that must stay at or under a limit.
    static func verdict(_ value: Double?, atMost limit: Double) -> String {
        guard let value else { return "—" }
        return value <= limit ? "met" : String(format: "missed by %.0f%%", (value / limit - 1) * 100)
    }

    /// "met" or "missed" for a value that must stay under a limit.
    static func verdict(_ value: Double?, below limit: Double) -> String {
        guard let value else { return "—" }
        return value < limit ? "met" : String(format: "missed by %.0f%%", (value / limit - 1) * 100)
    }

    /// "met" or "missed by N%" for a value that must reach at least a limit.
    static func verdict(_ value: Double?, atLeast limit: Double) -> String {
        guard let value else { return "—" }
        return value >= limit ? "met" : String(format: "missed by %.0f%%", (1 - value / limit) * 100)
    }
}
