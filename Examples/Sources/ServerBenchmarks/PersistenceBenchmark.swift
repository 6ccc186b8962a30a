import ClerkLocalServer
import Foundation

/// The data directory's cost: `POST /v1/client/sign_ins` against a server keeping its state in
/// SQLite and the same server in memory, alternated in short rounds (the median ratio and its
/// spread hold on a shared machine); the time a server takes to start on a directory holding
/// 10,000 users.
struct PersistenceBenchmark: Sendable {
    let options: Options
    /// Alternating rounds per concurrency.
    var rounds = 5
    var restartUsers = 10_000
    let users = 1_000

    func run() async throws {
        let directory = Self.temporaryDirectory("throughput")
        defer { try? FileManager.default.removeItem(at: directory) }
        let memory = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode)
        let stored = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
        try await BenchmarkInstance.seedUsers(memory, count: users)
        try await BenchmarkInstance.seedUsers(stored, count: users)
        let round = max(Duration.milliseconds(500), options.duration / rounds)
        for clients in options.concurrencies {
            Report.progress("create sign-in, SQLite against memory, \(clients) client(s), \(rounds) alternating rounds")
            var memoryRuns: [LoadResult] = []
            var storedRuns: [LoadResult] = []
            for index in 0..<rounds {
                // Alternate which side goes first, so neither always runs on a warmer or busier machine.
                let order = index.isMultiple(of: 2) ? [memory, stored] : [stored, memory]
                for server in order {
                    let result = await createSignIns(server, clients: clients, for: round)
                    if server === memory { memoryRuns.append(result) } else { storedRuns.append(result) }
                }
            }
            let ratios = zip(storedRuns, memoryRuns).map { $0.perSecond / max($1.perSecond, 1) }.sorted()
            Report.load("server.persistence.memory.c\(clients)", Self.median(memoryRuns))
            Report.load("server.persistence.sqlite.c\(clients)", Self.median(storedRuns))
            Report.value("server.persistence.ratio.c\(clients).median", ratios[ratios.count / 2], decimals: 3)
            Report.value("server.persistence.ratio.c\(clients).min", ratios.first ?? 0, decimals: 3)
            Report.value("server.persistence.ratio.c\(clients).max", ratios.last ?? 0, decimals: 3)
        }
        await memory.shutdown()
        await stored.shutdown()
        try await restart()
    }

    private func createSignIns(_ server: RunningServer, clients: Int, for duration: Duration) async -> LoadResult {
        var runner = LoadRunner(port: server.port, duration: duration)
        runner.maxUnitsPerWorker = 1_000_000
        let users = users
        return await runner.run(clients: clients) { connection, worker, iteration in
            _ = try await FrontendCalls.createEmailCodeSignIn(
                connection, identifier: BenchmarkInstance.email((worker + iteration * clients) % users))
        }
    }

    /// Start-up on a directory holding `restartUsers` users (each with a verified email and an
    /// authenticator secret), until the server listens: the median of three starts.
    private func restart() async throws {
        let directory = Self.temporaryDirectory("restart")
        defer { try? FileManager.default.removeItem(at: directory) }
        Report.progress("restart with \(restartUsers) users: seeding")
        let seeding = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in stride(from: worker, to: restartUsers, by: 8) {
                        _ = try await seeding.seedUser(SeedUser(emailAddress: BenchmarkInstance.email(index), totpSecret: "JBSWY3DPEHPK3PXP"))
                    }
                }
            }
            try await group.waitForAll()
        }
        await seeding.shutdown()
        var seconds: [Double] = []
        for _ in 0..<3 {
            let clock = ContinuousClock()
            let began = clock.now
            let server = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
            seconds.append(LoadRunner.seconds(clock.now - began))
            await server.shutdown()
        }
        seconds.sort()
        Report.count("server.persistence.restart.users", restartUsers)
        Report.value("server.persistence.restart.ms", seconds[1] * 1_000, decimals: 1)
        Report.progress(String(format: "  restart with %d users: %.0f ms (median of 3)", restartUsers, seconds[1] * 1_000))
    }

    /// The run with the median throughput.
    static func median(_ runs: [LoadResult]) -> LoadResult {
        runs.sorted { $0.perSecond < $1.perSecond }[runs.count / 2]
    }

    static func temporaryDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-bench-\(name)-\(UUID().uuidString)")
    }
}
