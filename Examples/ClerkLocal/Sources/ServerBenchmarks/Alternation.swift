/// Measurements taken in alternation: every round runs each side once, in an order that flips from
/// one round to the next, so that a busy spell on the shared machine falls on all sides alike and
/// a ratio is always taken between neighbours.
struct Alternation: Sendable {
    var rounds: Int

    /// One side of a comparison: a name and how to measure it once.
    struct Side: Sendable {
        var name: String
        var measure: @Sendable () async throws -> LoadResult
    }

    /// Each side's result per round, by name, in round order.
    func run(_ sides: [Side], progress: (Int) -> Void = { _ in }) async throws -> [String: [LoadResult]] {
        var results: [String: [LoadResult]] = [:]
        for round in 0..<rounds {
            progress(round)
            for side in round.isMultiple(of: 2) ? sides : sides.reversed() {
                results[side.name, default: []].append(try await side.measure())
            }
        }
        return results
    }
}

/// The ratios of one comparison, one per round: their median and their spread.
struct RatioSummary: Sendable {
    var ratios: [Double]

    init(_ ratios: [Double]) {
        self.ratios = ratios.sorted()
    }

    /// Per round, `measured ÷ reference` of the rates.
    init(_ measured: [LoadResult], over reference: [Double]) {
        self.init(zip(measured, reference).map { $1 > 0 ? $0.perSecond / $1 : 0 })
    }

    var median: Double { Self.median(ratios) }
    var low: Double { ratios.first ?? 0 }
    var high: Double { ratios.last ?? 0 }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
