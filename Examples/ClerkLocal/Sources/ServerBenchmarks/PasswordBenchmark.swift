import ClerkLocalCore
import ClerkLocalServer
import Foundation

/// Part 2: completed password sign-ins per second next to the bcrypt ceiling: the hashes the server
/// runs at once (its `HashingGate` leaves one core of several for other requests) ÷ one hash.
struct PasswordBenchmark: Sendable {
    let setup: ServerSetup
    let options: Options
    /// Password users, and as many concurrent clients: enough to keep every core hashing.
    var users: Int { max(8, 4 * ProcessInfo.processInfo.activeProcessorCount) }

    func run() async throws {
        Report.progress("bcrypt: one hash at cost \(PasswordHasher.cost) with the server's hasher")
        let hashSeconds = await medianHashSeconds(samples: 7)
        let slots = HashingGate().maxRunning
        let ceiling = Double(slots) / hashSeconds
        Report.count("bcrypt.cost", Int(PasswordHasher.cost))
        Report.count("bcrypt.slots", slots)
        Report.value("bcrypt.hash.ms", hashSeconds * 1_000, decimals: 2)
        Report.value("bcrypt.ceiling.per_s", ceiling, decimals: 1)

        Report.progress("password sign-in, \(users) clients (Client Trust off, lockout off)")
        let clients = users
        let result = try await setup.with(BenchmarkInstance.passwordSignIn) { server in
            try await BenchmarkInstance.seedUsers(server, count: users, withPassword: true)
            // bcrypt allows a few dozen sign-ins a second: at least 3 s for a stable rate.
            return await LoadRunner(port: server.port, duration: max(options.duration, .seconds(3))).run(clients: clients) { connection, worker, _ in
                try await FrontendCalls.passwordSignIn(
                    connection, identifier: BenchmarkInstance.email(worker), password: BenchmarkInstance.userPassword)
            }
        }
        Report.count("server.password.clients", clients)
        Report.value("server.password.per_s", result.perSecond, decimals: 1)
        Report.value("server.password.p50.ms", result.percentileMilliseconds(50), decimals: 2)
        Report.count("server.password.errors", result.errors)
        Report.progress(
            String(
                format: "  %.1f sign-ins/s, ceiling %.1f/s (%.0f%%), %d errors%@", result.perSecond, ceiling,
                result.perSecond / ceiling * 100, result.errors, result.firstError.map { "; first error: \($0)" } ?? ""))
    }

    /// The median of `samples` hashes, one after another, after one untimed hash.
    private func medianHashSeconds(samples: Int) async -> Double {
        let hasher = PasswordHasher()
        let clock = ContinuousClock()
        _ = await hasher.hash("warm-up password")
        var times: [Double] = []
        for index in 0..<samples {
            let start = clock.now
            _ = await hasher.hash("sample password \(index)")
            times.append(LoadRunner.seconds(clock.now - start))
        }
        return times.sorted()[times.count / 2]
    }
}
