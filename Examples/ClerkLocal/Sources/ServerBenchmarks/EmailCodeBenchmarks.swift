import ClerkLocalServer

/// Part 1: the email-code sign-in flow, each of its two endpoints alone, the bare route and the RS256
/// signing ceiling, at each concurrency, all through the same client in this process; each measured
/// `options.rounds` times in alternation (`Alternation`), each ratio the median of its rounds'.
struct EmailCodeBenchmarks: Sendable {
    let server: RunningServer
    let bare: BareRoute
    let options: Options
    /// Seeded users the flows cycle through.
    let users: Int

    func run() async throws {
        for clients in options.concurrencies {
            Report.progress("email-code sign-in, \(clients) client(s), \(options.rounds) rounds")
            let results = try await Alternation(rounds: options.rounds).run(sides(clients: clients)) { round in
                Report.progress("  round \(round + 1)")
            }
            for (name, key) in Self.seriesKeys {
                if let runs = results[name] { Report.series("server.\(key).c\(clients)", runs) }
            }
            reportRatios(results, clients: clients)
        }
        Report.count("server.rounds", options.rounds)
        try await freshState()
    }

    static let sideNames: Set<String> = ["bare", "create", "attempt", "flow", "ceiling"]
    private static let seriesKeys = [
        ("bare", "bare"), ("flow", "flow"), ("create", "endpoint.create_sign_in"), ("attempt", "endpoint.attempt_first_factor"),
        ("ceiling", "signing"),
    ]

    /// Each ratio whose two sides were measured, round by round.
    private func reportRatios(_ results: [String: [LoadResult]], clients: Int) {
        guard let bareRates = results["bare"]?.map(\.perSecond) else { return }
        if let flows = results["flow"] {
            // A flow is two requests.
            Report.ratio("server.ratio.flow.c\(clients)", RatioSummary(flows, over: bareRates.map { $0 / 2 }))
        }
        if let creates = results["create"] {
            Report.ratio("server.ratio.create_sign_in.c\(clients)", RatioSummary(creates, over: bareRates))
        }
        if let attempts = results["attempt"], let signing = results["ceiling"] {
            let ceilings = signing.map(SigningCeiling.ceiling)
            Report.value("server.signing.c\(clients).ceiling", RatioSummary.median(ceilings), decimals: 1)
            let combined = zip(bareRates, ceilings).map { SigningCeiling.combined(bare: $0, signing: $1) }
            Report.value("server.signing.c\(clients).combined", RatioSummary.median(combined), decimals: 1)
            Report.ratio("server.ratio.attempt_first_factor.c\(clients)", RatioSummary(attempts, over: combined))
        }
    }

    /// What one round measures at a concurrency.
    private func sides(clients: Int) -> [Alternation.Side] {
        allSides(clients: clients).filter { options.sides.contains($0.name) }
    }

    private func allSides(clients: Int) -> [Alternation.Side] {
        [
            Alternation.Side(name: "bare") {
                await runner(port: bare.port).run(clients: clients) { connection, _, _ in
                    let reply = try await connection.send(.POST, BareRoute.path, form: "identifier=x&strategy=email_code")
                    guard reply.status == 200 else { throw UnexpectedAnswer("bare route", reply) }
                }
            },
            Alternation.Side(name: "create") {
                try await freshState()
                return await runner(port: server.port).run(clients: clients) { connection, worker, iteration in
                    _ = try await FrontendCalls.createEmailCodeSignIn(connection, identifier: identifier(worker, iteration, clients))
                }
            },
            Alternation.Side(name: "attempt") {
                try await freshState()
                return try await attempts(clients: clients)
            },
            Alternation.Side(name: "flow") {
                try await freshState()
                return await runner(port: server.port).run(clients: clients) { connection, worker, iteration in
                    let signIn = try await FrontendCalls.createEmailCodeSignIn(connection, identifier: identifier(worker, iteration, clients))
                    try await FrontendCalls.attemptEmailCode(connection, signIn)
                }
            },
            Alternation.Side(name: "ceiling") {
                await SigningCeiling.measure(server.sessionTokenSigner, for: options.duration)
            },
        ]
    }

    /// More attempts per second than the server can complete on this machine: how many sign-ins to
    /// start for one measurement.
    private static let attemptRateBound = 6_000.0

    /// `attempt_first_factor` alone: sign-ins are started first (untimed), as many as the measurement
    /// can use, then each worker attempts its own until they run out or time is up.
    private func attempts(clients: Int) async throws -> LoadResult {
        let wanted = min(150_000, max(clients * 20, Int(Self.attemptRateBound * options.seconds)))
        let perWorker = max(1, wanted / clients)
        let pools = try await startSignIns(clients: clients, perWorker: perWorker)
        var attemptRunner = runner(port: server.port)
        attemptRunner.maxUnitsPerWorker = pools.map(\.count).min() ?? 0
        // No warm-up here: it would spend sign-ins, and the server is warm from the run before.
        return await attemptRunner.measure(clients: clients, for: options.duration) { connection, worker, iteration in
            try await FrontendCalls.attemptEmailCode(connection, pools[worker][iteration])
        }
    }

    /// Each worker's started sign-ins (bounded by count and by three times the measurement's duration).
    private func startSignIns(clients: Int, perWorker: Int) async throws -> [[FrontendCalls.StartedSignIn]] {
        let port = server.port
        let clock = ContinuousClock()
        let deadline = clock.now + options.duration * 3
        return try await withThrowingTaskGroup(of: (Int, [FrontendCalls.StartedSignIn]).self) { group in
            for worker in 0..<clients {
                group.addTask {
                    try await HTTPConnection.with(port: port) { connection in
                        var pool: [FrontendCalls.StartedSignIn] = []
                        pool.reserveCapacity(perWorker)
                        while pool.count < perWorker, clock.now < deadline {
                            pool.append(
                                try await FrontendCalls.createEmailCodeSignIn(
                                    connection, identifier: identifier(worker, pool.count, clients)))
                        }
                        return (worker, pool)
                    }
                }
            }
            var pools = [[FrontendCalls.StartedSignIn]](repeating: [], count: clients)
            for try await (worker, pool) in group { pools[worker] = pool }
            return pools
        }
    }

    private func runner(port: Int) -> LoadRunner {
        LoadRunner(port: port, duration: options.duration)
    }

    /// Spreads workers and iterations over the seeded users.
    private func identifier(_ worker: Int, _ iteration: Int, _ clients: Int) -> String {
        BenchmarkInstance.email((worker + iteration * clients) % users)
    }

    /// Drops what earlier runs created (clients, sign-ins, sessions) and seeds the users again, so
    /// every run starts from the same store.
    private func freshState() async throws {
        await server.reset()
        try await BenchmarkInstance.seedUsers(server, count: users)
    }
}
