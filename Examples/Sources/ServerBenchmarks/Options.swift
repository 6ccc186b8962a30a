import Foundation

/// Command line: `ServerBenchmarks [--seconds S] [--many N]`; `CLERK_SERVER_BENCH_SECONDS` sets the
/// default of `--seconds`.
struct Options: Sendable {
    /// How long each throughput measurement runs (after a warm-up of a fifth of it, at most 1 s).
    var seconds = 3.0
    /// Clients in the many-clients run.
    var manyClients = 1_000
    var concurrencies = [1, 8, 64]
    /// Run only the data directory's measurements (`--only persistence`).
    var onlyPersistence = false

    static let usage =
        "usage: ServerBenchmarks [--seconds S (0.2...60, default 3)] [--many N (1...5000, default 1000)] [--only persistence]"

    init(arguments: [String], environment: [String: String]) throws {
        if let value = environment["CLERK_SERVER_BENCH_SECONDS"] { seconds = try Self.number(value, in: 0.2...60) }
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw BenchmarkError(Self.usage) }
            switch flag {
            case "--seconds": seconds = try Self.number(value, in: 0.2...60)
            case "--many": manyClients = Int(try Self.number(value, in: 1...5_000))
            case "--only" where value == "persistence": onlyPersistence = true
            default: throw BenchmarkError(Self.usage)
            }
        }
    }

    var duration: Duration { .milliseconds(Int(seconds * 1_000)) }

    private static func number(_ text: String, in range: ClosedRange<Double>) throws -> Double {
        guard let value = Double(text), range.contains(value) else { throw BenchmarkError(usage) }
        return value
    }
}
