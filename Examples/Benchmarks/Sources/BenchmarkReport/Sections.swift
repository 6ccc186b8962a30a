import BenchmarkPayloads

/// The rows of each part of the results, in the order the table shows them.
extension Table {
    mutating func addDecoding(_ m: Measurements) {
        for payload in DecodeCase.all {
            let ours = m.sample("decode:\(payload.name):ClerkAPI")
            let floor = m.sample("decode:\(payload.name):JSONSerialization")
            let ratio = ratio(ours?.nanoseconds, floor?.nanoseconds)
            // The client reads error answers with its lenient reader (the error-answer rows below carry that
            // target); the generated ErrorResponse is the spec's strict shape, shown for comparison.
            let strictError = payload.name == DecodeCase.errorEnvelope.name
            add(
                Row(
                    measurement: "Decode \(payload.name): ClerkAPI vs JSONSerialization (floor), p50 per op"
                        + (strictError ? " (the generated strict ErrorResponse; the client's reading is below)" : ""),
                    ours: Format.sample(ours), reference: Format.sample(floor), ratio: ratio.map(Format.ratio) ?? "—",
                    target: strictError ? "—" : "≤ 2x floor", result: strictError ? "—" : Format.verdict(ratio, atMost: 2)
                ))
        }
        addErrorShapes(m)
        for payload in DecodeCase.all + DecodeCase.specShaped {
            // ClerkAPI as timed in the peer's process, next to it; else as timed in Benchmarks/Decoding.
            let ours = m.benchmarks["decode:\(payload.name):ClerkAPI beside peer"] ?? m.sample("decode:\(payload.name):ClerkAPI")
            let conformance = m.peerConformance[payload.name] ?? "not run"
            if conformance.hasPrefix("rejected") {
                add(
                    Row(
                        measurement: "Decode \(payload.name): ClerkAPI vs swift-openapi-generator types",
                        ours: Format.sample(ours), reference: "its types \(conformance)",
                        target: "faster than peer", result: "met (peer cannot decode it)"
                    ))
                continue
            }
            let peer = m.benchmarks["decode:\(payload.name):OpenAPIGenerator"]
            let ratio = ratio(ours?.nanoseconds, peer?.nanoseconds)
            add(
                Row(
                    measurement: "Decode \(payload.name): ClerkAPI vs swift-openapi-generator types",
                    ours: Format.sample(ours), reference: conformance == "not run" ? "not run" : Format.sample(peer),
                    ratio: ratio.map(Format.ratio) ?? "—", target: "faster than peer (< 1x)", result: Format.verdict(ratio, below: 1)
                ))
        }
    }

    mutating func addFormEncoding(_ m: Measurements) {
        for name in m.benchmarks.keys.filter({ $0.hasPrefix("form:") }).sorted() {
            let parts = name.split(separator: ":")
            guard parts.count == 3 else { continue }
            let direction = parts[2] == "encode" ? "encode to the wire (SDK)" : "decode from the wire (server)"
            add(Row(measurement: "Form \(parts[1]): \(direction), p50 per op", ours: Format.sample(m.benchmarks[name])))
        }
    }

    mutating func addPeerGeneration(_ m: Measurements) {
        let oursTime = m.value("generate.real.release.ms")
        let peerTime = m.value("peer.generate.ms")
        add(
            Row(
                measurement: "Generation time, same operations (release-built generators, best of 3)",
                ours: oursTime.map(Format.milliseconds) ?? "not run", reference: peerTime.map(Format.milliseconds) ?? "not run",
                ratio: ratio(oursTime, peerTime).map(Format.ratio) ?? "—"
            ))
        let oursLines = m.value("generate.real.lines")
        let peerLines = m.value("peer.lines")
        add(
            Row(
                measurement: "Lines generated",
                ours: oursLines.map(Format.count) ?? "not run", reference: peerLines.map(Format.count) ?? "not run",
                ratio: ratio(oursLines, peerLines).map(Format.ratio) ?? "—"
            ))
        let oursCompile = m.value("compile.ours.seconds")
        let peerCompile = m.value("compile.peer.seconds")
        let compileRatio = ratio(oursCompile, peerCompile)
        add(
            Row(
                measurement:
                    "Debug compile of the generated code alone, its runtime prebuilt (ours: ClerkAPI on ClerkWire; peer: its Types + Client on OpenAPIRuntime)",
                ours: oursCompile.map(Format.seconds) ?? "not run", reference: peerCompile.map(Format.seconds) ?? "not run",
                ratio: compileRatio.map(Format.ratio) ?? "—", target: "≤ 0.33x peer", result: Format.verdict(compileRatio, atMost: 1.0 / 3)
            ))
        let oursClean = m.value("compile.ours.clean.seconds")
        let peerClean = m.value("compile.peer.clean.seconds")
        add(
            Row(
                measurement:
                    "Debug build of generated code + its runtime from a clean scratch directory (ours: ClerkWire + ClerkAPI; peer: + OpenAPIRuntime, HTTPTypes)",
                ours: oursClean.map(Format.seconds) ?? "not run", reference: peerClean.map(Format.seconds) ?? "not run",
                ratio: ratio(oursClean, peerClean).map(Format.ratio) ?? "—"
            ))
        let oursWarnings = m.value("compile.ours.warnings")
        let peerWarnings = m.value("compile.peer.warnings")
        add(
            Row(
                measurement: "Compiler warnings in the generated layer (distinct)",
                ours: oursWarnings.map(Format.count) ?? "not run", reference: peerWarnings.map(Format.count) ?? "not run",
                target: "0", result: oursWarnings.map { $0 == 0 ? "met" : "missed" } ?? "—"
            ))
    }

    mutating func addGeneratorScaling(_ m: Measurements) {
        let real = m.value("generate.real.release.ms")
        add(
            Row(
                measurement: "Generator, real schema (release build)",
                ours: real.map(Format.milliseconds) ?? "not run", reference: "1 s",
                target: "< 1 s", result: Format.verdict(real, below: 1_000)
            ))
        if let debug = m.value("generate.real.debug.ms") {
            add(
                Row(
                    measurement: "Generator, real schema (debug build, as `swift run Generator`)",
                    ours: Format.milliseconds(debug), reference: "1 s", target: "< 1 s", result: Format.verdict(debug, below: 1_000)
                ))
        }
        for factor in [10, 100] {
            let time = m.value("generate.\(factor)x.release.ms")
            let lines = m.value("generate.\(factor)x.lines").map { ", \(Format.count($0)) lines" } ?? ""
            let growth = ratio(time, real)
            add(
                Row(
                    measurement: "Generator, synthetic schema \(factor)x the real one (release build)",
                    ours: (time.map(Format.milliseconds) ?? "not run") + lines,
                    reference: real.map { "\(factor) × " + Format.milliseconds($0) } ?? "—",
                    ratio: growth.map { Format.ratio($0) + " for \(factor)x" } ?? "—",
                    target: "growth ≤ linear (≤ \(factor)x)", result: Format.verdict(growth, atMost: Double(factor))
                ))
        }
    }

    /// a ÷ b, when both were measured.
    func ratio(_ a: Double?, _ b: Double?) -> Double? {
        guard let a, let b, b > 0 else { return nil }
        return a / b
    }
}
