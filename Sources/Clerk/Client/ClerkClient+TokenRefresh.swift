extension ClerkClient {
    /// Keeps the active session's token fresh in the background until `stopTokenRefresh()`:
    /// the next token is fetched `tokenPolicy.refreshLeeway` before the cached one expires, so
    /// `sessionToken()` answers from the cache. Nothing runs while there is no active session;
    /// the refresh starts when one appears, follows a switch, and stops at sign-out or
    /// revocation. After a failure it waits out the key's backoff. It waits with the injected
    /// `sleeper` and reads time from the injected `clock`. Calling it again changes nothing.
    public func startTokenRefresh() async {
        await state.startTokenRefresh { [weak self] (sessionID) async throws(ClerkError) -> SessionToken in
            guard let self else { throw .cancelled }
            return try await self.sessionToken(sessionID: sessionID)
        }
    }

    /// Stops the background token refresh. Cached tokens stay.
    public func stopTokenRefresh() {
        tokens.stopRefresh()
    }

    /// Whether a background refresh loop is running (it is wanted and there is an active session).
    public var isRefreshingTokens: Bool { tokens.isRefreshing }
}
