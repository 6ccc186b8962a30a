/// The background token refresh of one ``SessionTokens``: whether the app wants it, how it
/// fetches, and the loop running for the active session.
struct TokenRefreshState {
    /// `startTokenRefresh()` was called and `stopTokenRefresh()` was not since.
    var wanted = false
    /// How the loop gets a token for a session (the client's `sessionToken(sessionID:)`); set while wanted.
    var fetch: (@Sendable (String) async throws(ClerkError) -> SessionToken)?
    /// The session the loop keeps a token fresh for.
    var sessionID: String?
    /// The loop; nil while there is no active session or refresh is not wanted.
    var task: Task<Void, Never>?
}
