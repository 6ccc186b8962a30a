import ClerkLocalServer
import NIOConcurrencyHelpers

/// Part 3: many clients at once (1,000 by default), each with its own connection, user and client
/// token, each running one whole email-code sign-in.
struct ManyClientsBenchmark: Sendable {
    let server: RunningServer
    let clients: Int

    func run() async throws {
        Report.progress("\(clients) concurrent clients, one email-code sign-in each")
        await server.reset()
        try await BenchmarkInstance.seedUsers(server, count: clients)
        let peakResets = ProcessMemory.resetPeak()
        let tokens = NIOLockedValueBox(Set<String>())
        var runner = LoadRunner(port: server.port, duration: .seconds(120))
        runner.maxUnitsPerWorker = 1
        let result = await runner.measure(clients: clients, for: .seconds(120)) { connection, worker, _ in
            let signIn = try await FrontendCalls.createEmailCodeSignIn(connection, identifier: BenchmarkInstance.email(worker))
            try await FrontendCalls.attemptEmailCode(connection, signIn)
            tokens.withLockedValue { _ = $0.insert(signIn.clientToken) }
        }
        let distinct = tokens.withLockedValue { $0.count }
        // A flow that did not run at all (a worker that never connected) is an error too.
        let errors = max(result.errors, clients - result.completed)
        Report.count("server.many.clients", clients)
        Report.count("server.many.errors", errors)
        Report.count("server.many.distinct_tokens", distinct)
        Report.value("server.many.seconds", result.seconds, decimals: 2)
        Report.value("server.many.p99.ms", result.percentileMilliseconds(99), decimals: 1)
        if let peak = ProcessMemory.peakMiB() { Report.value("server.many.peak_mib", peak, decimals: 1) }
        Report.progress(
            String(
                format: "  %d flows, %d errors, %d distinct client tokens, %.2f s%@%@", result.completed, errors, distinct,
                result.seconds, peakResets ? "" : " (peak memory covers the whole run: /proc/self/clear_refs not writable)",
                result.firstError.map { "; first error: \($0)" } ?? ""))
    }
}
