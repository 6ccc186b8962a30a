/// The SDK's own cost per request, from ServerBenchmarks: `sdk.create_sign_in.*` (through
/// `ClerkClient`), `sdk.raw_create_sign_in.*` (the same request with `URLSession` and
/// `JSONSerialization`), `sdk.overhead.<p50|p99>.<median|low|high>` (per-round ratios).
extension Table {
    mutating func addSDKOverhead(_ m: Measurements) {
        let rounds = m.value("server.rounds").map { ", \(Format.count($0)) rounds" } ?? ""
        let percentiles: [(String, Double?)] = [("p50", 1.15), ("p99", nil)]
        for (percentile, target) in percentiles {
            let sdk = m.value("sdk.create_sign_in.\(percentile).ms")
            let raw = m.value("sdk.raw_create_sign_in.\(percentile).ms")
            let median = m.value("sdk.overhead.\(percentile).median")
            var ratio = "—"
            if let median, let low = m.value("sdk.overhead.\(percentile).low"), let high = m.value("sdk.overhead.\(percentile).high") {
                ratio = Format.ratio(median) + String(format: " (rounds %.2f–%.2f)", low, high)
            }
            add(
                Row(
                    measurement:
                        "SDK overhead per request, \(percentile): `createSignIn` through `ClerkClient` (form encoding, headers, URLSessionTransport, decoding, state update) vs the same request with `URLSession` and `JSONSerialization` (same local server and bytes, 1 request at a time\(rounds))",
                    ours: sdk.map(Format.milliseconds) ?? "not run", reference: raw.map(Format.milliseconds) ?? "not run", ratio: ratio,
                    target: target.map { "≤ \(Format.ratio($0)) (median ratio)" } ?? "report",
                    result: target.map { Format.verdict(median, atMost: $0) } ?? "—"
                ))
        }
    }
}
