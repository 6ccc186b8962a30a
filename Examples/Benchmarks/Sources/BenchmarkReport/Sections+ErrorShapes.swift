import BenchmarkPayloads

extension Table {
    /// One row per error-answer shape (timed as the client reads them), then the target over all of them:
    /// within 2x `JSONSerialization` on every shape Clerk sends.
    mutating func addErrorShapes(_ m: Measurements) {
        var ratios: [Double] = []
        for payload in DecodeCase.errorShapes {
            let ours = m.sample("decode:\(payload.name):Clerk")
            let floor = m.sample("decode:\(payload.name):JSONSerialization")
            let ratio = ratio(ours?.nanoseconds, floor?.nanoseconds)
            if let ratio { ratios.append(ratio) }
            add(
                Row(
                    measurement: "Decode \(payload.name): the client's lenient reading vs JSONSerialization (floor), p50 per op",
                    ours: Format.sample(ours), reference: Format.sample(floor), ratio: ratio.map(Format.ratio) ?? "—",
                    target: "≤ 2x floor", result: Format.verdict(ratio, atMost: 2)
                ))
        }
        let complete = ratios.count == DecodeCase.errorShapes.count
        let worst = complete ? ratios.max() : nil
        add(
            Row(
                measurement: "Decode error answers, every shape (\(DecodeCase.errorShapes.count)): worst ratio to the floor",
                ours: complete ? "all \(ratios.count) measured" : "not run", ratio: worst.map(Format.ratio) ?? "—",
                target: "≤ 2x floor on every shape", result: Format.verdict(worst, atMost: 2)
            ))
    }
}
