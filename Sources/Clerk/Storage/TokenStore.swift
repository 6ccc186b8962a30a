/// Where the client token lives between launches.
///
/// The client token identifies this device's client to the Frontend API; whoever holds it holds
/// the sessions. Implementations must never print it.
public protocol TokenStore: Sendable {
    /// The stored token, or nil when there is none.
    func loadToken() throws(ClerkError) -> String?
    /// Stores `token`, or removes the stored one when `token` is nil.
    func saveToken(_ token: String?) throws(ClerkError)
}
