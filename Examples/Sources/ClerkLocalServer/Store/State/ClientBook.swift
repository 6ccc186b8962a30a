import Foundation

/// The clients (found by their token) and the sessions started on them.
struct ClientBook: Sendable {
    var clients: TrackedTable<ClientRecord>
    var idsByToken: [String: String] = [:]
    var sessions: TrackedTable<SessionRecord>

    init(tracksChanges: Bool) {
        clients = TrackedTable(tracksChanges: tracksChanges)
        sessions = TrackedTable(tracksChanges: tracksChanges)
    }

    func client(forToken token: String?) -> ClientRecord? {
        guard let token, !token.isEmpty, let id = idsByToken[token] else { return nil }
        return clients[id]
    }

    mutating func store(_ client: ClientRecord, changedAt now: Date) {
        var client = client
        client.updatedAt = now
        clients[client.id] = client
        idsByToken[client.token] = client.id
    }

    /// The lookup by token, from the records as they are now.
    mutating func rebuildIndex() {
        idsByToken = [:]
        for client in clients.values { idsByToken[client.token] = client.id }
    }

    mutating func clear() {
        clients.clear()
        idsByToken = [:]
        sessions.clear()
    }
}
