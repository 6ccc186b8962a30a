import Clerk
import ClerkLocalServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Part 4: the SDK's own cost per request. `createSignIn` through `ClerkClient` (form encoding,
/// headers, `URLSessionTransport`, decoding, state update) against the very request it sends,
/// replayed with `URLSession` directly and its body parsed with `JSONSerialization`: same server,
/// same bytes, one request at a time, the sides alternating in rounds.
///
/// The SDK side reuses kept-alive connections as the replay does (`ConnectionReuse.always`), so the
/// ratio is the SDK's own work. A third side runs the platform's default transport, which on Linux
/// gives each request that may not repeat a connection of its own (libcurl would re-send it without
/// its body on a dead kept-alive connection): what that safety costs is reported beside it.
struct SDKOverheadBenchmark: Sendable {
    let setup: ServerSetup
    let options: Options
    /// Requests per side per round.
    var requestsPerRound = 300

    func run() async throws {
        Report.progress("SDK overhead: createSignIn through ClerkClient vs the same request with URLSession, \(options.rounds) rounds")
        try await setup.with(BenchmarkInstance.emailCode) { server in
            try await BenchmarkInstance.seedUsers(server, count: 1)
            let tokens = InMemoryTokenStore()
            let configuration = try ClerkConfiguration(frontendAPIURL: server.baseURL)
            let clerk = ClerkClient(configuration: configuration, options: .init(transport: URLSessionTransport(connectionReuse: .always), tokenStore: tokens))
            let clerkByDefault = ClerkClient(configuration: configuration, options: .init(tokenStore: tokens))
            let body = CreateSignInRequest.Body(strategy: .emailCode, identifier: BenchmarkInstance.email(0))
            // The first sign-in makes the client; from then on both sides send its token.
            _ = try await clerk.createSignIn(body)
            let raw = RawFrontendRequest(try await Self.capture(body, configuration: configuration, tokens: tokens))

            let perRound = requestsPerRound
            let results = try await Alternation(rounds: options.rounds).run([
                Alternation.Side(name: "sdk") {
                    try await Self.timed(perRound) { _ = try await clerk.createSignIn(body) }
                },
                Alternation.Side(name: "raw") {
                    try await Self.timed(perRound) { try await raw.send() }
                },
                Alternation.Side(name: "default") {
                    try await Self.timed(perRound) { _ = try await clerkByDefault.createSignIn(body) }
                },
            ])
            let rawRuns = results["raw", default: []]
            report(results["sdk", default: []], as: "sdk.create_sign_in", ratios: "sdk.overhead", against: rawRuns)
            report(results["default", default: []], as: "sdk.create_sign_in_default", ratios: "sdk.default_overhead", against: rawRuns)
            report(rawRuns, as: "sdk.raw_create_sign_in")
        }
    }

    /// Pooled p50 and p99 under `name`; with `against`, the per-round ratios to it under `ratios`.
    private func report(_ runs: [LoadResult], as name: String, ratios: String? = nil, against reference: [LoadResult] = []) {
        let pooled = LoadResult(pooling: runs)
        Report.value("\(name).p50.ms", pooled.percentileMilliseconds(50), decimals: 3)
        Report.value("\(name).p99.ms", pooled.percentileMilliseconds(99), decimals: 3)
        Report.count("\(name).requests", pooled.completed)
        Report.progress(
            String(format: "  %@: p50 %.3f ms, p99 %.3f ms", name, pooled.percentileMilliseconds(50), pooled.percentileMilliseconds(99)))
        guard let ratios else { return }
        for percentile in [50.0, 99.0] {
            let perRound = zip(runs, reference).map {
                $0.percentileMilliseconds(percentile) / max($1.percentileMilliseconds(percentile), 1e-9)
            }
            Report.ratio("\(ratios).p\(Int(percentile))", RatioSummary(perRound))
        }
    }

    /// The exact request `createSignIn` sends (URL, headers, body, the shared client token), taken
    /// from a second client over the same token store.
    private static func capture(
        _ body: CreateSignInRequest.Body, configuration: ClerkConfiguration, tokens: InMemoryTokenStore
    ) async throws -> TransportRequest {
        let capturing = CapturingTransport()
        let twin = ClerkClient(configuration: configuration, options: .init(transport: capturing, tokenStore: tokens))
        _ = try await twin.createSignIn(body)
        return try capturing.request.orThrow(BenchmarkError("the SDK sent nothing"))
    }

    /// `count` requests one after another, each one's latency recorded.
    private static func timed(_ count: Int, _ request: () async throws -> Void) async throws -> LoadResult {
        let clock = ContinuousClock()
        let start = clock.now
        var tally = WorkerTally()
        for _ in 0..<count {
            let began = clock.now
            try await request()
            tally.latencies.append(LoadRunner.seconds(clock.now - began))
        }
        var result = LoadResult()
        result.merge(tally)
        result.seconds = LoadRunner.seconds(clock.now - start)
        return result
    }
}
