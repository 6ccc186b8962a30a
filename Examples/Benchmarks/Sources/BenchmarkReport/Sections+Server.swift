import Foundation

/// The local server under load, from ServerBenchmarks (Examples/Sources/ServerBenchmarks):
/// `server.<flow|endpoint.NAME|bare|signing>.c<N>.<rps|p50.ms|p99.ms|errors>` (the median round's rate,
/// latencies over all rounds), `server.ratio.<flow|NAME>.c<N>.<median|low|high>` (per-round ratios),
/// `bcrypt.*`, `server.password.*` and `server.many.*`.
extension Table {
    mutating func addServer(_ m: Measurements) {
        for clients in [1, 8, 64] {
            addServerLoad(m, clients: clients)
        }
        addPasswordCeiling(m)
        addManyClients(m)
    }

    private mutating func addServerLoad(_ m: Measurements, clients: Int) {
        let bare = m.value("server.bare.c\(clients).rps")
        let bareText = bare.map { Self.perSecond($0, "req/s") } ?? "not run"
        let bytes = m.value("server.bare.bytes").map { ", \(Format.count($0))-byte JSON answer" } ?? ""
        let rounds = m.value("server.rounds").map { ", median of \(Format.count($0)) rounds" } ?? ""
        add(
            Row(
                measurement: "Local server, \(clients) client(s): bare Hummingbird route (same process and client\(bytes)\(rounds))",
                ours: Self.load(m, "server.bare.c\(clients)", unit: "req/s")
            ))
        let ceiling = m.value("server.signing.c\(clients).ceiling")
        let reached = m.value("server.signing.c\(clients).rps").map { " (" + Self.perSecond($0, "tokens/s") + " reached by one task per core)" } ?? ""
        let signature = m.value("server.signing.c\(clients).p50.ms").map { " ÷ " + Format.milliseconds($0) + " per token" } ?? ""
        let cores = m.value("server.cores").map(Format.count) ?? "cores"
        add(
            Row(
                measurement:
                    "Local server, \(clients) client(s): RS256 signing ceiling (session tokens per second with the server's key and signer on all cores, nothing else; taken in the same rounds)",
                ours: ceiling.map { Self.perSecond($0, "tokens/s") + " = \(cores) cores\(signature)\(reached)" } ?? "not run"
            ))
        let flow = Self.ratioSummary(m, "server.ratio.flow.c\(clients)")
        add(
            Row(
                measurement:
                    "Local server, \(clients) client(s): email-code sign-in flow (create + attempt_first_factor, which signs an RS256 session token), flows/s",
                ours: Self.load(m, "server.flow.c\(clients)", unit: "flows/s"), reference: bareText,
                ratio: flow.map { Self.ratioText($0) + " (requests)" } ?? "—"
            ))
        let create = Self.ratioSummary(m, "server.ratio.create_sign_in.c\(clients)")
        add(
            Row(
                measurement: "Local server, \(clients) client(s): POST /v1/client/sign_ins {identifier, strategy=email_code} alone",
                ours: Self.load(m, "server.endpoint.create_sign_in.c\(clients)", unit: "req/s"), reference: bareText,
                ratio: create.map(Self.ratioText) ?? "—", target: "≥ 0.5x the bare route (median ratio)",
                result: Format.verdict(create?.median, atLeast: 0.5)
            ))
        let attempt = Self.ratioSummary(m, "server.ratio.attempt_first_factor.c\(clients)")
        let combined = m.value("server.signing.c\(clients).combined")
        // One client is reported only: a single connection leaves a core idle between requests.
        let targeted = clients > 1
        add(
            Row(
                measurement:
                    "Local server, \(clients) client(s): POST …/attempt_first_factor (completes: signs an RS256 session token) alone",
                ours: Self.load(m, "server.endpoint.attempt_first_factor.c\(clients)", unit: "req/s"),
                reference: combined.map { "combined ceiling 1 / (1/bare + 1/signing): " + Self.perSecond($0, "req/s") } ?? "not run",
                ratio: attempt.map(Self.ratioText) ?? "—",
                target: targeted ? "≥ 0.8x the combined ceiling (median ratio)" : "report",
                result: targeted ? Format.verdict(attempt?.median, atLeast: 0.8) : "—"
            ))
    }

    /// The median ratio of a comparison over its rounds and the lowest and highest round.
    private static func ratioSummary(_ m: Measurements, _ prefix: String) -> (median: Double, low: Double, high: Double)? {
        guard let median = m.value("\(prefix).median"), let low = m.value("\(prefix).low"), let high = m.value("\(prefix).high")
        else { return nil }
        return (median, low, high)
    }

    /// `0.45x (rounds 0.41–0.48)`.
    private static func ratioText(_ summary: (median: Double, low: Double, high: Double)) -> String {
        Format.ratio(summary.median) + String(format: " (rounds %.2f–%.2f)", summary.low, summary.high)
    }

    private mutating func addPasswordCeiling(_ m: Measurements) {
        let rate = m.value("server.password.per_s")
        let ceiling = m.value("bcrypt.ceiling.per_s")
        let clients = m.value("server.password.clients").map { " at \(Format.count($0)) clients" } ?? ""
        let errors = m.value("server.password.errors").flatMap { $0 > 0 ? ", \(Format.count($0)) errors" : nil } ?? ""
        var reference = ceiling.map { Self.perSecond($0, "hashes/s") } ?? "not run"
        if let hash = m.value("bcrypt.hash.ms") {
            let cost = m.value("bcrypt.cost").map { " at cost \(Format.count($0))" } ?? ""
            let cores = m.value("server.cores").map { " of \(Format.count($0)) cores" } ?? ""
            // Older results have no `bcrypt.slots`: their ceiling counted every core.
            let slots = m.value("bcrypt.slots").map { "\(Format.count($0)) hashing slot\($0 == 1 ? "" : "s")\(cores)" } ?? "all\(cores)"
            reference += " (\(slots) ÷ \(Format.milliseconds(hash)) per hash\(cost))"
        }
        let ratio = ratio(rate, ceiling)
        add(
            Row(
                measurement: "Password sign-in throughput (POST /v1/client/sign_ins completing, Client Trust off) vs bcrypt ceiling",
                ours: rate.map { Self.perSecond($0, "sign-ins/s") + clients + errors } ?? "not run", reference: reference,
                ratio: ratio.map(Format.ratio) ?? "—", target: "≥ 90% of the ceiling", result: Format.verdict(ratio, atLeast: 0.9)
            ))
    }

    private mutating func addManyClients(_ m: Measurements) {
        let clients = m.value("server.many.clients")
        let errors = m.value("server.many.errors")
        var ours = "not run"
        if let errors {
            ours = "\(Format.count(errors)) errors"
            if let seconds = m.value("server.many.seconds") { ours += String(format: ", %.2f s in all", seconds) }
            if let peak = m.value("server.many.peak_mib") { ours += String(format: ", peak memory %.0f MiB (server + clients)", peak) }
        }
        add(
            Row(
                measurement:
                    "\(clients.map(Format.count) ?? "1000") concurrent clients, each a full email-code sign-in (own connection, user and client token)",
                ours: ours, target: "no errors", result: errors.map { $0 == 0 ? "met" : "missed" } ?? "—"
            ))
    }

    /// "N req/s, p50 X, p99 Y" (and the errors, if any) of one load run.
    static func load(_ m: Measurements, _ prefix: String, unit: String) -> String {
        guard let rate = m.value("\(prefix).rps") else { return "not run" }
        var text = perSecond(rate, unit)
        if let p50 = m.value("\(prefix).p50.ms"), let p99 = m.value("\(prefix).p99.ms") {
            text += ", p50 \(Format.milliseconds(p50)), p99 \(Format.milliseconds(p99))"
        }
        if let errors = m.value("\(prefix).errors"), errors > 0 { text += ", \(Format.count(errors)) errors" }
        return text
    }

    static func perSecond(_ value: Double, _ unit: String) -> String {
        String(format: value < 100 ? "%.1f %@" : "%.0f %@", value, unit)
    }
}
