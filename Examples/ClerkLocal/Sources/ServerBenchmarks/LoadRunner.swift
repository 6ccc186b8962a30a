/// Runs `clients` workers at once, each with its own connection, each repeating a unit of work
/// back to back (a closed loop) until a deadline or a count is reached.
struct LoadRunner: Sendable {
    var port: Int
    /// How long each run lasts after its warm-up.
    var duration: Duration
    /// An upper bound on units per worker, whatever the duration.
    var maxUnitsPerWorker = 1_000_000

    /// One unit of work on a worker's connection; returns normally when it succeeded.
    typealias Unit = @Sendable (_ connection: HTTPConnection, _ worker: Int, _ iteration: Int) async throws -> Void

    /// Warms up for a fifth of the duration (at most a second), then measures for the duration.
    func run(clients: Int, unit: @escaping Unit) async -> LoadResult {
        let warmUp = min(duration / 5, .seconds(1))
        _ = await measure(clients: clients, for: warmUp, unit: unit)
        return await measure(clients: clients, for: duration, unit: unit)
    }

    /// Measures without a warm-up, for at most `limit` and `maxUnitsPerWorker` units per worker.
    func measure(clients: Int, for limit: Duration, unit: @escaping Unit) async -> LoadResult {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + limit
        let maxUnits = maxUnitsPerWorker
        let port = port
        var result = LoadResult()
        await withTaskGroup(of: WorkerTally.self) { group in
            for worker in 0..<clients {
                group.addTask {
                    var tally = WorkerTally()
                    do {
                        try await HTTPConnection.with(port: port) { connection in
                            var iteration = 0
                            while iteration < maxUnits, clock.now < deadline {
                                let began = clock.now
                                do {
                                    try await unit(connection, worker, iteration)
                                    tally.latencies.append(Self.seconds(clock.now - began))
                                } catch {
                                    tally.fail(error)
                                    // Only a wrong answer leaves the connection usable; anything else stops this worker.
                                    guard error is UnexpectedAnswer else { break }
                                }
                                iteration += 1
                            }
                        }
                    } catch {
                        tally.fail(error)
                    }
                    return tally
                }
            }
            for await tally in group { result.merge(tally) }
        }
        result.seconds = Self.seconds(clock.now - start)
        return result
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
