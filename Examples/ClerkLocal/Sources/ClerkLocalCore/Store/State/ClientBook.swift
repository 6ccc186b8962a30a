import Foundation

/// The clients (found by their token, or by their development browser's) and the sessions started on them.
package struct ClientBook: Sendable {
    package var clients: TrackedTable<ClientRecord>
    package var idsByToken: [String: String] = [:]
    package var idsByDevBrowser: [String: String] = [:]
    package var sessions: TrackedTable<SessionRecord>

    package init(tracksChanges: Bool) {
        clients = TrackedTable(tracksChanges: tracksChanges)
        sessions = TrackedTable(tracksChanges: tracksChanges, lookup: .sessions)
    }

    package func client(forToken token: String?) -> ClientRecord? {
        guard let token, !token.isEmpty, let id = idsByToken[token] else { return nil }
        return clients[id]
    }

    /// The client a development browser's token finds.
    package func client(forDevBrowser token: String) -> ClientRecord? {
        guard !token.isEmpty, let id = idsByDevBrowser[token] else { return nil }
        return clients[id]
    }

    package mutating func store(_ client: ClientRecord, changedAt now: Date) {
        var client = client
        client.updatedAt = now
        if let previous = clients[client.id]?.devBrowserToken, previous != client.devBrowserToken, idsByDevBrowser[previous] == client.id {
            idsByDevBrowser[previous] = nil
        }
        clients[client.id] = client
        idsByToken[client.token] = client.id
        if let devBrowser = client.devBrowserToken { idsByDevBrowser[devBrowser] = client.id }
    }

    package mutating func remove(_ client: ClientRecord) {
        clients[client.id] = nil
        idsByToken[client.token] = nil
        if let devBrowser = client.devBrowserToken, idsByDevBrowser[devBrowser] == client.id { idsByDevBrowser[devBrowser] = nil }
    }

    /// The lookups by token, from the records as they are now.
    package mutating func rebuildIndex() {
        idsByToken = [:]
        idsByDevBrowser = [:]
        for client in clients.values {
            idsByToken[client.token] = client.id
            if let devBrowser = client.devBrowserToken { idsByDevBrowser[devBrowser] = client.id }
        }
    }

    package mutating func clear() {
        clients.clear()
        idsByToken = [:]
        idsByDevBrowser = [:]
        sessions.clear()
    }
}
