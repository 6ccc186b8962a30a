import ClerkLocalServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The data directory's cost: `POST /v1/client/sign_ins` against a server keeping its state in
/// SQLite and the same server in memory, alternated in short rounds (the median ratio and its
/// spread hold on a shared machine); importing, exporting and restarting with 10,000 users.
struct PersistenceBenchmark: Sendable {
    let options: Options
    var restartUsers = 10_000
    let users = 1_000

    func run() async throws {
        let directory = Self.temporaryDirectory("throughput")
        let fsyncDirectory = Self.temporaryDirectory("throughput-fsync")
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: fsyncDirectory)
        }
        let memory = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode)
        let stored = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
        let fsynced = try await LocalFrontendAPI.start(
            settings: BenchmarkInstance.emailCode, storage: .directory(fsyncDirectory, fsyncEachCommit: true))
        let sides = [("memory", memory), ("sqlite", stored), ("sqlite_fsync", fsynced)]
        for (_, server) in sides { try await BenchmarkInstance.seedUsers(server, count: users) }
        let rounds = options.rounds
        for clients in options.concurrencies {
            Report.progress("create sign-in, SQLite (and with fsync) against memory, \(clients) client(s), \(rounds) alternating rounds")
            var runs: [String: [LoadResult]] = [:]
            for index in 0..<rounds {
                // Rotate which side goes first, so none always runs on a warmer or busier machine.
                for offset in 0..<sides.count {
                    let (name, server) = sides[(index + offset) % sides.count]
                    runs[name, default: []].append(await createSignIns(server, clients: clients, for: options.duration))
                }
            }
            for (name, _) in sides { Report.load("server.persistence.\(name).c\(clients)", Self.median(runs[name] ?? [])) }
            for name in ["sqlite", "sqlite_fsync"] {
                let ratios = zip(runs[name] ?? [], runs["memory"] ?? []).map { $0.perSecond / max($1.perSecond, 1) }.sorted()
                guard !ratios.isEmpty else { continue }
                let key = name == "sqlite" ? "ratio" : "fsync_ratio"
                Report.value("server.persistence.\(key).c\(clients).median", ratios[ratios.count / 2], decimals: 3)
                Report.value("server.persistence.\(key).c\(clients).min", ratios.first ?? 0, decimals: 3)
                Report.value("server.persistence.\(key).c\(clients).max", ratios.last ?? 0, decimals: 3)
            }
        }
        for (_, server) in sides { await server.shutdown() }
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

    /// On a directory-backed server: importing `restartUsers` users (each with a verified email, a bcrypt
    /// digest, an authenticator secret and backup codes) over `POST /__local/admin/import`, exporting them
    /// over `GET /__local/admin/export`, then starting on that directory until listening; medians of three.
    private func restart() async throws {
        let directory = Self.temporaryDirectory("restart")
        defer { try? FileManager.default.removeItem(at: directory) }
        Report.progress("\(restartUsers) users: import, export, restart")
        let document = try await UsersDocument.template().users(0..<restartUsers)
        Report.count("server.persistence.restart.users", restartUsers)
        Report.count("server.persistence.export.bytes", document.count)

        var importSeconds: [Double] = []
        for round in 0..<3 {
            let target = round == 0 ? directory : Self.temporaryDirectory("import")
            let server = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(target))
            importSeconds.append(try await Self.timed { _ = try await Self.admin(server, "POST", "import", body: document) })
            await server.shutdown()
            if target != directory { try? FileManager.default.removeItem(at: target) }
        }
        let server = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
        var exportSeconds: [Double] = []
        for _ in 0..<3 { exportSeconds.append(try await Self.timed { _ = try await Self.admin(server, "GET", "export") }) }
        await server.shutdown()
        var startSeconds: [Double] = []
        for _ in 0..<3 {
            var started: RunningServer?
            startSeconds.append(
                try await Self.timed {
                    started = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
                })
            await started?.shutdown()
        }
        for (key, seconds) in [("import", importSeconds), ("export", exportSeconds), ("restart", startSeconds)] {
            let median = seconds.sorted()[1] * 1_000
            Report.value("server.persistence.\(key).ms", median, decimals: 1)
            Report.progress(String(format: "  %@ with %d users: %.0f ms (median of 3)", key, restartUsers, median))
        }
    }

    /// An admin request over loopback; its body.
    static func admin(_ server: RunningServer, _ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("__local/admin/\(path)"))
        request.httpMethod = method
        request.timeoutInterval = 600
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw BenchmarkError("\(method) /__local/admin/\(path): \(String(decoding: data.prefix(300), as: UTF8.self))")
        }
        return data
    }

    static func timed(_ work: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let began = clock.now
        try await work()
        return LoadRunner.seconds(clock.now - began)
    }

    /// The run with the median throughput.
    static func median(_ runs: [LoadResult]) -> LoadResult {
        runs.sorted { $0.perSecond < $1.perSecond }[runs.count / 2]
    }

    static func temporaryDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("clerk-local-bench-\(name)-\(UUID().uuidString)")
    }
}
