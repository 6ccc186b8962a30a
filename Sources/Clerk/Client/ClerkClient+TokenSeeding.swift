extension ClerkClient {
    /// Caches the `last_active_token` each of `sessions` carries, under the session's default
    /// key (no organization, no template), so that `sessionToken()` right after a sign-in, a
    /// sign-up or a restore sends nothing. A token is taken only for the session its `sid` names,
    /// with a readable expiry and more than `tokenPolicy.refreshLeeway` left (see `CarriedSessionToken`).
    func seedSessionTokens(from sessions: [Session]) {
        let now = clock.now()
        for session in sessions {
            guard let jwt = session.lastActiveToken?.jwt else { continue }
            switch CarriedSessionToken.token(jwt, of: session.id, receivedAt: now, leeway: tokenPolicy.refreshLeeway) {
            case .success(let token):
                if sessionTokens.seed(token) {
                    log("token \(token.key): taken from the client state")
                }
            case .failure(let refusal):
                log("token \(session.id): the client state's token is not cached: \(refusal.description)")
            }
        }
    }
}
