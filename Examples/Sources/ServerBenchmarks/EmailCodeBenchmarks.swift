import ClerkLocalServer

/// Part 1: the email-code sign-in flow, each of its two endpoints alone, and the bare route, at each
/// concurrency, all through the same client in this process.
struct EmailCodeBenchmarks: Sendable {
    let server: RunningServer
    let bare: BareRoute
    let options: Options
    /// Seeded users the flows cycle through.
    let users: Int

    func run() async throws {
        for clients in options.concurrencies {
            Report.progress("email-code sign-in, \(clients) client(s)")
            try await freshState()
            let flow = await runner(port: server.port).run(clients: clients) { connection, worker, iteration in
                let signIn = try await FrontendCalls.createEmailCodeSignIn(connection, identifier: identifier(worker, iteration, clients))
                try await FrontendCalls.attemptEmailCode(connection, signIn)
            }
            Report.load("server.flow.c\(clients)", flow)

            try await freshState()
            let create = await runner(port: server.port).run(clients: clients) { connection, worker, iteration in
                _ = try await FrontendCalls.createEmailCodeSignIn(connection, identifier: identifier(worker, iteration, clients))
            }
            Report.load("server.endpoint.create_sign_in.c\(clients)", create)

            try await freshState()
            let attempt = try await attempts(clients: clients, expectedRate: create.perSecond)
            Report.load("server.endpoint.attempt_first_factor.c\(clients)", attempt)

            let bareRun = await runner(port: bare.port).run(clients: clients) { connection, _, _ in
                let reply = try await connection.send(.POST, BareRoute.path, form: "identifier=x&strategy=email_code")
                guard reply.status == 200 else { throw UnexpectedAnswer("bare route", reply) }
            }
            Report.load("server.bare.c\(clients)", bareRun)
        }
        try await freshState()
    }

    /// `attempt_first_factor` alone: sign-ins are started first (untimed), as many as the create rate
    /// suggests the measurement can use, then each worker attempts its own until they run out or time is up.
    private func attempts(clients: Int, expectedRate: Double) async throws -> LoadResult {
        let wanted = min(150_000, max(clients * 20, Int(expectedRate * options.seconds * 1.5)))
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
