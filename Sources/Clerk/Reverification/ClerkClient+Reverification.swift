extension ClerkClient {
    /// Starts re-verifying a session at `level` (`POST /v1/client/sessions/{id}/verify {level}`):
    /// the session `sessionID`, or the last active one. When the user has no second factor, the
    /// API falls back to a first factor for `second_factor` and `multi_factor`.
    /// - Throws: `ClerkError.flow(.noSession)` before any request when there is no such session.
    public func startReverification(
        level: SessionReverificationLevel, sessionID: String? = nil
    ) async throws(ClerkError) -> ReverificationHandle {
        let id = try await usableSession(sessionID)
        let body = StartSessionReverificationRequest.Body(level: level)
        return ReverificationHandle(client: self, reverification: try await send(StartSessionReverificationRequest(sessionID: id, body: body)).response)
    }
}
