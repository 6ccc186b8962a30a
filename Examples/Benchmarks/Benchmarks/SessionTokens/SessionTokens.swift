// Session tokens through the SDK's cache: requests to the Frontend API for 1,000 calls spread
// over five minutes of injected time with 60 s tokens, requests for 100 concurrent callers on an
// empty cache, and the cost of a call the cache answers. A counting transport stands in for the
// Frontend API and mints unsigned JWTs whose `exp` is 60 s after the injected clock's now.
import Benchmark
import Clerk
import ClerkTesting
import Foundation

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal], scalingFactor: .kilo, maxDuration: .seconds(2), maxIterations: 1_000_000)
    let requests = BenchmarkMetric.custom("token requests", polarity: .prefersSmaller, useScalingFactor: false)

    Benchmark("session-token:cached call") { benchmark, clerk in
        _ = try await clerk.sessionToken()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await clerk.sessionToken())
        }
    } setup: {
        try await TokenScenario().signedInClient().0
    }

    Benchmark(
        "session-token:1000 calls over 5 min, 60 s tokens",
        configuration: .init(metrics: [requests], scalingFactor: .one, maxIterations: 5)
    ) { benchmark in
        let (clerk, clock, transport) = try await TokenScenario().signedInClient()
        for _ in 0..<1000 {
            clock.advance(by: .milliseconds(300))
            blackHole(try await clerk.sessionToken())
        }
        benchmark.measurement(requests, transport.tokenRequests)
    }

    Benchmark(
        "session-token:100 concurrent callers, empty cache",
        configuration: .init(metrics: [requests], scalingFactor: .one, maxIterations: 20)
    ) { benchmark in
        let (clerk, _, transport) = try await TokenScenario().signedInClient()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { blackHole(try await clerk.sessionToken()) } }
            try await group.waitForAll()
        }
        benchmark.measurement(requests, transport.tokenRequests)
    }
}

/// A client with one active session, talking to a transport that counts token requests.
struct TokenScenario {
    func signedInClient() async throws -> (ClerkClient, ManualClock, CountingFrontendAPI) {
        let clock = ManualClock()
        let transport = CountingFrontendAPI(clock: clock)
        let clerk = ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: "https://clerk.example.com"),
            options: .init(transport: transport, sleeper: clock, clock: clock))
        _ = try await clerk.refresh()
        return (clerk, clock, transport)
    }
}
