extension ClerkClient {
    /// Caches the `last_active_token` each of `sessions` carries, under the session's default
    /// key (no organization, no template), so that `sessionToken()` right after a sign-in, a
    /// sign-up or a restore sends nothing. A token `previous` (the state before) did not show is
    /// the server's latest word on the session (a task done, another organization) and replaces
    /// the cached one; a token shown before only fills an empty key. A token is taken only for
    /// the session its `sid` names, with a readable expiry and more than
    /// `tokenPolicy.refreshLeeway` left (see `CarriedSessionToken`).
    func seedSessionTokens(from sessions: [Session], previous: ClientResource?) {
        let now = clock.now()
        for session in sessions {
            guard let jwt = session.lastActiveToken?.jwt else { continue }
            let key = SessionTokenKey(sessionID: session.id)
            let shownBefore = previous?.sessions.contains { $0.id == session.id && $0.lastActiveToken?.jwt == jwt } ?? false
            if shownBefore, sessionTokens.holdsToken(for: key) { continue }
            switch CarriedSessionToken.token(jwt, of: session.id, receivedAt: now, leeway: tokenPolicy.refreshLeeway) {
            case .success(let token):
                sessionTokens.seed(token)
                log("token \(key): taken from the client state")
            case .failure(let refusal):
                log("token \(key): the client state's token is not cached: \(refusal.description)")
            }
        }
    }
}
