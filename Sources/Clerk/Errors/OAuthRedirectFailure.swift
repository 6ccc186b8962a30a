/// Why an OAuth redirect session gave up waiting for the browser to come back, as opposed to the user
/// cancelling (`ClerkError.cancelled`).
public enum OAuthRedirectFailure: Sendable, Hashable, CustomStringConvertible {
    /// The browser did not reach the redirect URL within the session's time-out.
    case timedOut(after: Duration)
    /// The loopback listener could not start (the port is taken, no socket could be opened).
    case listenerUnavailable(reason: String)

    /// What happened, in a phrase.
    public var description: String {
        switch self {
        case .timedOut(let after): "the browser did not come back to the redirect URL within \(after)"
        case .listenerUnavailable(let reason): "the loopback listener could not start: \(reason)"
        }
    }
}
