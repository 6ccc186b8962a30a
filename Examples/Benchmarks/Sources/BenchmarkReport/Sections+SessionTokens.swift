/// The SDK's session-token cache (Benchmarks/SessionTokens): requests to the Frontend API under an
/// injected clock (custom metric `token requests`) and the cost of a call the cache answers.
extension Table {
    mutating func addSessionTokens(_ m: Measurements) {
        let spread = m.benchmarks["session-token:1000 calls over 5 min, 60 s tokens"]?.custom["token requests"]
        let minted = 1_000.0
        add(
            Row(
                measurement:
                    "Session tokens: Frontend API requests for 1,000 `sessionToken()` calls over 5 min of injected time, 60 s tokens (SessionTokens)",
                ours: spread.map { Self.requests($0) } ?? "not run", reference: "1,000 without the cache",
                ratio: spread.map { Format.ratio($0 / minted) } ?? "—",
                // Five minutes of 60 s tokens: the first token and one refresh per lifetime.
                target: "about one per token lifetime (6)", result: Format.verdict(spread, atMost: 6)
            ))
        let concurrent = m.benchmarks["session-token:100 concurrent callers, empty cache"]?.custom["token requests"]
        add(
            Row(
                measurement: "Session tokens: requests for 100 concurrent `sessionToken()` callers on an empty cache (SessionTokens)",
                ours: concurrent.map { Self.requests($0) } ?? "not run", reference: "100 without single flight",
                target: "1", result: Format.verdict(concurrent, atMost: 1)
            ))
        let cached = m.benchmarks["session-token:cached call"]
        add(
            Row(
                measurement: "Session tokens: a cached `sessionToken()` call, p50 per op (SessionTokens)",
                ours: Format.sample(cached), target: "< 1 µs", result: Format.verdict(cached?.nanoseconds, below: 1_000)
            ))
    }

    private static func requests(_ count: Double) -> String {
        count == 1 ? "1 request" : "\(Format.count(count)) requests"
    }
}
