import Clerk
import ClerkLocalServer
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Part 4: the SDK's own cost per request. `createSignIn` through `ClerkClient` (form encoding,
/// headers, `URLSessionTransport`, decoding, state update) against the very request it sends,
/// replayed with `URLSession` directly and its body parsed with `JSONSerialization`: same server,
/// same bytes, one request at a time, the two sides alternating in rounds.
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
            let clerk = ClerkClient(configuration: configuration, tokenStore: tokens)
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
            ])
            report(sdk: results["sdk", default: []], raw: results["raw", default: []])
        }
    }

    private func report(sdk: [LoadResult], raw: [LoadResult]) {
        let pooledSDK = LoadResult(pooling: sdk)
        let pooledRaw = LoadResult(pooling: raw)
        for (name, pooled) in [("sdk.create_sign_in", pooledSDK), ("sdk.raw_create_sign_in", pooledRaw)] {
            Report.value("\(name).p50.ms", pooled.percentileMilliseconds(50), decimals: 3)
            Report.value("\(name).p99.ms", pooled.percentileMilliseconds(99), decimals: 3)
            Report.count("\(name).requests", pooled.completed)
        }
        let p50Ratios = zip(sdk, raw).map { $0.percentileMilliseconds(50) / max($1.percentileMilliseconds(50), 1e-9) }
        Report.ratio("sdk.overhead.p50", RatioSummary(p50Ratios))
        let p99Ratios = zip(sdk, raw).map { $0.percentileMilliseconds(99) / max($1.percentileMilliseconds(99), 1e-9) }
        Report.ratio("sdk.overhead.p99", RatioSummary(p99Ratios))
        Report.progress(
            String(
                format: "  SDK p50 %.3f ms, p99 %.3f ms; URLSession + JSONSerialization p50 %.3f ms, p99 %.3f ms",
                pooledSDK.percentileMilliseconds(50), pooledSDK.percentileMilliseconds(99), pooledRaw.percentileMilliseconds(50),
                pooledRaw.percentileMilliseconds(99)))
    }

    /// The exact request `createSignIn` sends (URL, headers, body, the shared client token), taken
    /// from a second client over the same token store.
    private static func capture(
        _ body: CreateSignInRequest.Body, configuration: ClerkConfiguration, tokens: InMemoryTokenStore
    ) async throws -> TransportRequest {
        let capturing = CapturingTransport()
        let twin = ClerkClient(configuration: configuration, transport: capturing, tokenStore: tokens)
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
