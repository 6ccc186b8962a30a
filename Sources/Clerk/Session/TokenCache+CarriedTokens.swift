import ClerkAPI
import Foundation

extension TokenCache {
    /// Caches the `last_active_token` each of `sessions` carries, under the session's default
    /// key (no organization, no template), so that `sessionToken()` right after a sign-in, a
    /// sign-up or a restore sends nothing. A token `previous` (the state before) did not show is
    /// the server's latest word on the session (a task done, another organization) and replaces
    /// the cached one; a token shown before only fills an empty key. A token is taken only for
    /// the session its `sid` names, with a readable expiry and more than `leeway` left (see
    /// `CarriedSessionToken`). Returns a line for the client's log per token considered.
    mutating func seed(carriedBy sessions: [Session], previous: ClientResource?, receivedAt now: Date, leeway: Duration) -> [String] {
        var notes: [String] = []
        for session in sessions {
            guard let jwt = session.lastActiveToken?.jwt else { continue }
            let key = SessionTokenKey(sessionID: session.id)
            let shownBefore = previous?.sessions.contains { $0.id == session.id && $0.lastActiveToken?.jwt == jwt } ?? false
            if shownBefore, holdsToken(for: key) { continue }
            switch CarriedSessionToken.token(jwt, of: session.id, receivedAt: now, leeway: leeway) {
            case .success(let token):
                seed(token)
                notes.append("token \(key): taken from the client state")
            case .failure(let refusal):
                notes.append("token \(key): the client state's token is not cached: \(refusal.description)")
            }
        }
        return notes
    }
}
