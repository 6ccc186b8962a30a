import ClerkAPI
import Foundation

extension InstanceRules {
    /// Removes user `id` and everything that names them: their live sessions end with `status`, their
    /// identifiers become free, and sign-ins in progress for them clients' trust in them and their trusted devices go.
    mutating func removeUser(_ id: String, endingSessionsAs status: SessionStatus) {
        guard let user = users[id] else { return }
        endSessions(status: status) { $0.userID == id }
        for email in user.emails where userIDsByEmail[email.address] == id { userIDsByEmail[email.address] = nil }
        for phone in user.phones where userIDsByPhone[phone.number] == id { userIDsByPhone[phone.number] = nil }
        if let name = user.username, userIDsByUsername[name.lowercased()] == id { userIDsByUsername[name.lowercased()] = nil }
        users[id] = nil
        for device in state.trustedDevices.records(for: LookupKey.user(id)) { state.trustedDevices[device.id] = nil }
        for (clientID, var client) in clients {
            if let signInID = client.signInID, signIns[signInID]?.userID == id {
                signIns[signInID] = nil
                client.signInID = nil
            }
            client.trustedUserIDs.remove(id)
            clients[clientID] = client
        }
    }
}
