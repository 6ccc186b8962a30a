/// The background token refresh of one `ClerkClient`: whether the app wants it, and the loop
/// running for the active session.
struct TokenRefreshState {
    /// `startTokenRefresh()` was called and `stopTokenRefresh()` was not since.
    var wanted = false
    /// The session the loop keeps a token fresh for.
    var sessionID: String?
    /// The loop; nil while there is no active session or refresh is not wanted.
    var task: Task<Void, Never>?
}
