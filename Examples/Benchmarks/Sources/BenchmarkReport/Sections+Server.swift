import Foundation

/// The local server under load, from ServerBenchmarks (Examples/Sources/ServerBenchmarks):
/// `server.<flow|endpoint.NAME|bare>.c<N>.<rps|p50.ms|p99.ms|errors>`, `bcrypt.*`, `server.password.*`
/// and `server.many.*`.
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
        add(
            Row(
                measurement: "Local server, \(clients) client(s): bare Hummingbird route (same process and client\(bytes))",
                ours: Self.load(m, "server.bare.c\(clients)", unit: "req/s")
            ))
        // The flow is two requests: compare its requests per second with the bare route's.
        let flows = m.value("server.flow.c\(clients).rps")
        let flowRatio = ratio(flows.map { $0 * 2 }, bare)
        add(
            Row(
                measurement:
                    "Local server, \(clients) client(s): email-code sign-in flow (create + attempt_first_factor, which signs an RS256 session token), flows/s",
                ours: Self.load(m, "server.flow.c\(clients)", unit: "flows/s"), reference: bareText,
                ratio: flowRatio.map { Format.ratio($0) + " (requests)" } ?? "—",
                target: "≥ 0.5x the bare route", result: Format.verdict(flowRatio, atLeast: 0.5)
            ))
        let endpoints = [
            ("create_sign_in", "POST /v1/client/sign_ins {identifier, strategy=email_code}"),
            ("attempt_first_factor", "POST …/attempt_first_factor (completes: signs an RS256 session token)"),
        ]
        for (key, name) in endpoints {
            let prefix = "server.endpoint.\(key).c\(clients)"
            let ratio = ratio(m.value("\(prefix).rps"), bare)
            add(
                Row(
                    measurement: "Local server, \(clients) client(s): \(name) alone",
                    ours: Self.load(m, prefix, unit: "req/s"), reference: bareText, ratio: ratio.map(Format.ratio) ?? "—",
                    target: "≥ 0.5x the bare route", result: Format.verdict(ratio, atLeast: 0.5)
                ))
        }
    }

    private mutating func addPasswordCeiling(_ m: Measurements) {
        let rate = m.value("server.password.per_s")
        let ceiling = m.value("bcrypt.ceiling.per_s")
        let clients = m.value("server.password.clients").map { " at \(Format.count($0)) clients" } ?? ""
        let errors = m.value("server.password.errors").flatMap { $0 > 0 ? ", \(Format.count($0)) errors" : nil } ?? ""
        var reference = ceiling.map { Self.perSecond($0, "hashes/s") } ?? "not run"
        if let cores = m.value("server.cores"), let hash = m.value("bcrypt.hash.ms") {
            let cost = m.value("bcrypt.cost").map { " at cost \(Format.count($0))" } ?? ""
            reference += " (\(Format.count(cores)) cores ÷ \(Format.milliseconds(hash)) per hash\(cost))"
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
