import Foundation

/// The clients (found by their token) and the sessions started on them.
package struct ClientBook: Sendable {
    package var clients: TrackedTable<ClientRecord>
    package var idsByToken: [String: String] = [:]
    package var sessions: TrackedTable<SessionRecord>

    package init(tracksChanges: Bool) {
        clients = TrackedTable(tracksChanges: tracksChanges)
        sessions = TrackedTable(tracksChanges: tracksChanges, lookup: .sessions)
    }

    package func client(forToken token: String?) -> ClientRecord? {
        guard let token, !token.isEmpty, let id = idsByToken[token] else { return nil }
        return clients[id]
    }

    package mutating func store(_ client: ClientRecord, changedAt now: Date) {
        var client = client
        client.updatedAt = now
        clients[client.id] = client
        idsByToken[client.token] = client.id
    }

    /// The lookup by token, from the records as they are now.
    package mutating func rebuildIndex() {
        idsByToken = [:]
        for client in clients.values { idsByToken[client.token] = client.id }
    }

    package mutating func clear() {
        clients.clear()
        idsByToken = [:]
        sessions.clear()
    }
}
