import Foundation

/// Reading back what storage kept, at start.
extension FrontendStore {
    /// Fills the store from what storage kept (at start, before any request). Answers how many users
    /// have a password digest of another cost than the instance's (older versions imported up to 14):
    /// each is hashed again at the instance's cost on its next successful sign-in.
    @discardableResult
    package func restore(_ stored: StoredState) -> Int {
        state.load(stored, now: now)
        outbox.restore(stored.messages)
        return users.values.count {
            $0.passwordHash.map { PasswordDigestFormat.cost(of: $0) != Int(PasswordHasher.cost) } ?? false
        }
    }
}
