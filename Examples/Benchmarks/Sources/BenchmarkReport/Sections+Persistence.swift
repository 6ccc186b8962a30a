/// clerk-local's data directory, from ServerBenchmarks' `PersistenceBenchmark`:
/// `server.persistence.<memory|sqlite>.c<N>.*`, `server.persistence.ratio.c<N>.<median|min|max>`,
/// `server.persistence.restart.*` and `server.persistence.<export|import>.*`.
extension Table {
    mutating func addPersistence(_ m: Measurements) {
        for clients in [1, 8, 64] {
            addPersistenceLoad(m, clients: clients, key: "ratio", side: "sqlite", what: "written before each answer")
            addPersistenceLoad(m, clients: clients, key: "fsync_ratio", side: "sqlite_fsync", what: "fsynced before each answer, --fsync")
        }
        let users = m.value("server.persistence.restart.users").map(Format.count) ?? "10000"
        add(
            Row(
                measurement: "Local server: start on a data directory holding \(users) users, until listening (median of 3)",
                ours: m.value("server.persistence.restart.ms").map(Format.milliseconds) ?? "not run"
            ))
        for (key, name) in [("export", "Export"), ("import", "Import")] {
            add(
                Row(
                    measurement: "Local server: \(name) of \(users) users (`/__local/admin/\(key)`, JSON document, median of 3)",
                    ours: m.value("server.persistence.\(key).ms").map(Format.milliseconds) ?? "not run"
                ))
        }
    }

    private mutating func addPersistenceLoad(_ m: Measurements, clients: Int, key: String, side: String, what: String) {
        let median = m.value("server.persistence.\(key).c\(clients).median")
        var ratioText = median.map(Format.ratio) ?? "—"
        if let low = m.value("server.persistence.\(key).c\(clients).min"), let high = m.value("server.persistence.\(key).c\(clients).max") {
            ratioText += " (rounds \(Format.ratio(low))–\(Format.ratio(high)))"
        }
        let isTarget = side == "sqlite"
        add(
            Row(
                measurement:
                    "Local server, \(clients) client(s): POST /v1/client/sign_ins with state in SQLite (\(what)) vs in memory, median of alternating rounds",
                ours: Self.load(m, "server.persistence.\(side).c\(clients)", unit: "req/s"),
                reference: Self.load(m, "server.persistence.memory.c\(clients)", unit: "req/s"), ratio: ratioText,
                target: isTarget ? "≥ 0.8x in memory" : "—", result: isTarget ? Format.verdict(median, atLeast: 0.8) : "—"
            ))
    }
}
