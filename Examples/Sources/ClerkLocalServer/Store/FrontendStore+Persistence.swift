import Foundation

/// Handing changes to storage, and reading them back at start.
extension FrontendStore {
    /// Hands everything changed since the last call to storage, in order, and answers the sequence
    /// number to wait for: once it is durable, so is every change made before this call.
    func commitChanges() -> UInt64 {
        guard storage.keepsState else { return 0 }
        var changes = StateChanges()
        changes.reset = resetPending
        resetPending = false
        if settingsPending { changes.settings = settings }
        settingsPending = false
        changes.padding = paddingWritePending
        paddingWritePending = false
        changes.users = users.takeChanges()
        changes.clients = clients.takeChanges()
        changes.sessions = sessions.takeChanges()
        changes.signIns = signIns.takeChanges()
        changes.signUps = signUps.takeChanges()
        changes.messages = outbox.takeDeliveries()
        if !changes.isEmpty { lastStoredSequence = storage.enqueue(changes) }
        return lastStoredSequence
    }

    /// Fills the store from what storage kept (at start, before any request). Answers how many users
    /// have a password digest of another cost than the instance's (older versions imported up to 14):
    /// each is hashed again at the instance's cost on its next successful sign-in.
    @discardableResult
    func restore(_ state: StoredState) -> Int {
        users.load(state.users)
        clients.load(state.clients)
        sessions.load(state.sessions)
        signIns.load(state.signIns)
        signUps.load(state.signUps)
        for user in users.values { index(user) }
        for client in clients.values { clientIDsByToken[client.token] = client.id }
        outbox.restore(state.messages)
        return users.values.count {
            $0.passwordHash.map { PasswordDigestFormat.cost(of: $0) != Int(PasswordHasher.cost) } ?? false
        }
    }
}
