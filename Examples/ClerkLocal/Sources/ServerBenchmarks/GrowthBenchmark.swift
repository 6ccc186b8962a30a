import ClerkLocalServer
import ClerkLocalStorage
import Foundation

/// How a data directory's server grows with its users: for each size (1,000, 10,000 and 100,000 by
/// default), importing the users, exporting them, starting on the directory, the memory the started
/// server holds, and a sign-in's latency, each size against the smallest.
///
/// Keys: `server.growth.<N>.<import|export|start|check>.ms` (`check`: the database check every start
/// makes, `PRAGMA quick_check`), `server.growth.<N>.resident.mib` (VmRSS
/// after the first start minus before it), `server.growth.<N>.sign_in.p50|p99.ms`, and
/// `server.growth.<largest N>.sign_in.ratio.median|min|max` (its p50 over the smallest size's, per round).
/// Then the same for organizations (`OrganizationGrowthBenchmark`).
struct GrowthBenchmark: Sendable {
    let options: Options
    /// Users per import request: a document of 10,000 users stays well within the import body limit.
    static let usersPerImport = 10_000

    func run() async throws {
        let sizes = options.growthSizes.sorted()
        guard let smallest = sizes.first, let largest = sizes.last else { return }
        let template = try await UsersDocument.template()
        var directories: [Int: URL] = [:]
        defer { for directory in directories.values { try? FileManager.default.removeItem(at: directory) } }
        for size in sizes {
            let directory = PersistenceBenchmark.temporaryDirectory("growth-\(size)")
            directories[size] = directory
            try await importAndExport(size, template: template, into: directory)
        }
        var servers: [Int: RunningServer] = [:]
        for size in sizes {
            servers[size] = try await start(size, on: directories[size] ?? URL(fileURLWithPath: "/"))
        }
        do {
            try await compareSignIns(servers, sizes: sizes, smallest: smallest, largest: largest)
        } catch {
            for server in servers.values { await server.shutdown() }
            throw error
        }
        for server in servers.values { await server.shutdown() }
        try await OrganizationGrowthBenchmark(options: options).run(template: template)
    }

    /// Imports `size` users into a new server on `directory` (in documents of `usersPerImport`),
    /// then exports them three times; the import's time and the export's median.
    private func importAndExport(_ size: Int, template: UsersDocument, into directory: URL) async throws {
        Report.progress("growth: \(size) users: import, export")
        let documents = try stride(from: 0, to: size, by: Self.usersPerImport).map {
            try template.users($0..<min($0 + Self.usersPerImport, size))
        }
        let server = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
        let importSeconds = try await PersistenceBenchmark.timed {
            for document in documents { _ = try await PersistenceBenchmark.admin(server, "POST", "import", body: document) }
        }
        var exportSeconds: [Double] = []
        for _ in 0..<3 {
            exportSeconds.append(try await PersistenceBenchmark.timed { _ = try await PersistenceBenchmark.admin(server, "GET", "export") })
        }
        await server.shutdown()
        let checkSeconds = try await PersistenceBenchmark.timed { try DatabaseCheck.verify(directory: directory, fileName: SQLiteStorage.fileName) }
        report(size, "import", seconds: importSeconds)
        report(size, "check", seconds: checkSeconds)
        report(size, "export", seconds: exportSeconds.sorted()[1])
    }

    /// Starts a server on the directory three times (the median time); the memory the first start
    /// took; answers the third server, still running.
    private func start(_ size: Int, on directory: URL) async throws -> RunningServer {
        Report.progress("growth: \(size) users: start")
        var startSeconds: [Double] = []
        var started: RunningServer?
        for round in 0..<3 {
            await started?.shutdown()
            let residentBefore = ProcessMemory.residentMiBAfterTrim()
            startSeconds.append(
                try await PersistenceBenchmark.timed {
                    started = try await LocalFrontendAPI.start(settings: BenchmarkInstance.emailCode, storage: .directory(directory))
                })
            if round == 0, let before = residentBefore, let after = ProcessMemory.residentMiB() {
                Report.value("server.growth.\(size).resident.mib", after - before, decimals: 1)
            }
        }
        report(size, "start", seconds: startSeconds.sorted()[1])
        guard let started else { throw BenchmarkError("no server started on \(directory.path)") }
        return started
    }

    /// `POST /v1/client/sign_ins` by email, one client, on each size's server in alternating rounds,
    /// each request for a different one of its users.
    private func compareSignIns(_ servers: [Int: RunningServer], sizes: [Int], smallest: Int, largest: Int) async throws {
        Report.progress("growth: sign-in latency, \(options.rounds) alternating rounds over \(sizes.map(String.init).joined(separator: ", ")) users")
        var runs: [Int: [LoadResult]] = [:]
        for round in 0..<options.rounds {
            for offset in 0..<sizes.count {
                let size = sizes[(round + offset) % sizes.count]
                guard let server = servers[size] else { continue }
                runs[size, default: []].append(await signIns(server, users: size))
            }
        }
        for size in sizes {
            let pooled = LoadResult(pooling: runs[size] ?? [])
            guard pooled.errors == 0 else { throw BenchmarkError("sign-ins with \(size) users failed: \(pooled.firstError ?? "")") }
            Report.value("server.growth.\(size).sign_in.p50.ms", pooled.percentileMilliseconds(50), decimals: 3)
            Report.value("server.growth.\(size).sign_in.p99.ms", pooled.percentileMilliseconds(99), decimals: 3)
        }
        let ratios = zip(runs[largest] ?? [], runs[smallest] ?? []).map {
            $0.percentileMilliseconds(50) / max($1.percentileMilliseconds(50), 1e-9)
        }.sorted()
        guard !ratios.isEmpty else { return }
        Report.value("server.growth.\(largest).sign_in.ratio.median", ratios[ratios.count / 2], decimals: 3)
        Report.value("server.growth.\(largest).sign_in.ratio.min", ratios.first ?? 0, decimals: 3)
        Report.value("server.growth.\(largest).sign_in.ratio.max", ratios.last ?? 0, decimals: 3)
    }

    private func signIns(_ server: RunningServer, users: Int) async -> LoadResult {
        var runner = LoadRunner(port: server.port, duration: options.duration)
        runner.maxUnitsPerWorker = 1_000_000
        // A stride coprime with every size spreads the requests over all the users.
        return await runner.run(clients: 1) { connection, _, iteration in
            _ = try await FrontendCalls.createEmailCodeSignIn(connection, identifier: BenchmarkInstance.email(iteration * 7_919 % users))
        }
    }

    private func report(_ size: Int, _ key: String, seconds: Double) {
        Report.value("server.growth.\(size).\(key).ms", seconds * 1_000, decimals: 1)
        Report.progress(String(format: "  %@ with %d users: %.0f ms", key, size, seconds * 1_000))
    }
}
