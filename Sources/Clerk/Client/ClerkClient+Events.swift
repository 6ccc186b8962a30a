extension ClerkClient {
    /// A new stream of the auth events from now on: signed in, session changed, token
    /// refreshed, signed out, session revoked. Each call is its own subscription, so several
    /// consumers each get every event; a stream ends when the client is released or its
    /// consumer stops iterating. Events before the call are not replayed; a consumer more than
    /// 256 events behind loses the oldest.
    ///
    /// ```swift
    /// for await event in clerk.authEvents() {
    ///     if case .sessionRevoked = event { showSignIn() }
    /// }
    /// ```
    public nonisolated func authEvents() -> AsyncStream<AuthEvent> {
        state.events.subscribe()
    }

    /// A new stream of the signed-in state: the current snapshot first, then one each time the
    /// active session, its user or the signed-in sessions change. Each call is its own
    /// subscription.
    public nonisolated func sessionSnapshots() -> AsyncStream<SessionSnapshot> {
        state.snapshots.subscribe()
    }
}
