import ClerkLocalServer
import Foundation

/// The RS256 ceiling: session tokens signed per second with the server's own key and signer on all
/// cores, nothing else. `attempt_first_factor` signs one token per completed sign-in, so it cannot go
/// faster than this on the same cores.
///
/// One task per core signs back to back. On a machine shared with other work, a process with two busy
/// threads gets a smaller share of the cores than the server under load with its event loops busy too,
/// so the rate it reaches understates the ceiling; as for bcrypt, the ceiling is cores ÷ the median
/// time of one signature, and the rate reached is reported beside it.
enum SigningCeiling {
    static func ceiling(_ run: LoadResult) -> Double {
        let median = run.percentileMilliseconds(50) / 1_000
        return median > 0 ? Double(ProcessInfo.processInfo.activeProcessorCount) / median : 0
    }

    /// The rate of a route that does the bare route's work plus one signature per request, on the same
    /// cores: their times per request add up, 1 / (1/bare + 1/signing).
    static func combined(bare: Double, signing: Double) -> Double {
        bare > 0 && signing > 0 ? 1 / (1 / bare + 1 / signing) : 0
    }

    static func measure(_ signer: SessionTokenSigner, for limit: Duration) async -> LoadResult {
        let workers = ProcessInfo.processInfo.activeProcessorCount
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + limit
        var result = LoadResult()
        await withTaskGroup(of: WorkerTally.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var tally = WorkerTally()
                    var index = 0
                    while clock.now < deadline {
                        let began = clock.now
                        do {
                            _ = try await signer.sign(claims(worker: worker, index: index))
                            tally.latencies.append(LoadRunner.seconds(clock.now - began))
                        } catch {
                            tally.fail(error)
                            break
                        }
                        index += 1
                    }
                    return tally
                }
            }
            for await tally in group { result.merge(tally) }
        }
        result.seconds = LoadRunner.seconds(clock.now - start)
        return result
    }

    /// Claims shaped like those of a sign-in the benchmark completes.
    private static func claims(worker: Int, index: Int) -> SessionClaims {
        let now = Int(Date().timeIntervalSince1970)
        return SessionClaims(
            iss: "http://127.0.0.1:8080", sub: "user_2x7QbenchmarkUser\(worker)", sid: "sess_2x7QbenchmarkSession\(index)",
            azp: "http://127.0.0.1:8080", iat: now, nbf: now - 10, exp: now + 60, fva: [0, -1])
    }
}
