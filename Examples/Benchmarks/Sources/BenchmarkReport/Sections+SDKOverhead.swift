/// The SDK's own cost per request, from ServerBenchmarks: `sdk.create_sign_in.*` (through
/// `ClerkClient`, kept-alive connections as the replay), `sdk.raw_create_sign_in.*` (the same request
/// with `URLSession` and `JSONSerialization`), `sdk.overhead.<p50|p99>.<median|low|high>` (per-round
/// ratios); `sdk.create_sign_in_default.*` and `sdk.default_overhead.*` with the platform's default
/// connection policy.
extension Table {
    mutating func addSDKOverhead(_ m: Measurements) {
        let rounds = m.value("server.rounds").map { ", \(Format.count($0)) rounds" } ?? ""
        let sides: [(key: String, ratios: String, what: String, target: Double?)] = [
            (
                "sdk.create_sign_in", "sdk.overhead",
                "`createSignIn` through `ClerkClient` (form encoding, headers, URLSessionTransport reusing connections as the replay does, decoding, state update)",
                1.15
            ),
            (
                "sdk.create_sign_in_default", "sdk.default_overhead",
                "`createSignIn` through `ClerkClient` with the platform's default transport (on Linux a connection of its own for each request that may not repeat, so that libcurl cannot re-send it without its body)",
                nil
            ),
        ]
        for side in sides {
            for percentile in ["p50", "p99"] {
                let ours = m.value("\(side.key).\(percentile).ms")
                let raw = m.value("sdk.raw_create_sign_in.\(percentile).ms")
                let median = m.value("\(side.ratios).\(percentile).median")
                var ratio = "—"
                if let median, let low = m.value("\(side.ratios).\(percentile).low"), let high = m.value("\(side.ratios).\(percentile).high") {
                    ratio = Format.ratio(median) + String(format: " (rounds %.2f–%.2f)", low, high)
                }
                let target = percentile == "p50" ? side.target : nil
                add(
                    Row(
                        measurement:
                            "SDK overhead per request, \(percentile): \(side.what) vs the same request with `URLSession` and `JSONSerialization` (same local server and bytes, 1 request at a time\(rounds))",
                        ours: ours.map(Format.milliseconds) ?? "not run", reference: raw.map(Format.milliseconds) ?? "not run", ratio: ratio,
                        target: target.map { "≤ \(Format.ratio($0)) (median ratio)" } ?? "report",
                        result: target.map { Format.verdict(median, atMost: $0) } ?? "—"
                    ))
            }
        }
    }
}
