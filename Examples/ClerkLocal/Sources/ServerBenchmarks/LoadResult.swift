/// What one closed-loop load run measured: completed units, failures, wall time and each unit's latency.
struct LoadResult: Sendable {
    var completed = 0
    var errors = 0
    var seconds = 0.0
    /// Seconds per completed unit (request or flow), unsorted.
    var latencies: [Double] = []
    var firstError: String?

    var perSecond: Double { seconds > 0 ? Double(completed) / seconds : 0 }

    /// The latency at a percentile (0...100), in milliseconds; nearest-rank.
    func percentileMilliseconds(_ percentile: Double) -> Double {
        guard !latencies.isEmpty else { return 0 }
        let sorted = latencies.sorted()
        let rank = Int((percentile / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)] * 1_000
    }

    mutating func merge(_ other: WorkerTally) {
        completed += other.latencies.count
        errors += other.errors
        latencies += other.latencies
        if firstError == nil { firstError = other.firstError }
    }
}

/// One worker's share of a load run.
struct WorkerTally: Sendable {
    var latencies: [Double] = []
    var errors = 0
    var firstError: String?

    mutating func fail(_ error: any Error) {
        errors += 1
        if firstError == nil { firstError = String(describing: error) }
    }
}

extension LoadResult {
    /// Several runs of one measurement as one: all their units and latencies, over all their time.
    init(pooling runs: [LoadResult]) {
        self.init()
        for run in runs {
            completed += run.completed
            errors += run.errors
            seconds += run.seconds
            latencies += run.latencies
            if firstError == nil { firstError = run.firstError }
        }
    }
}
