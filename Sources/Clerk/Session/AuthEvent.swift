import Foundation

/// Something that happened to the sessions of a `ClerkClient`, as `authEvents()` reports it.
/// Events never carry a token.
public enum AuthEvent: Sendable, Hashable, CustomStringConvertible {
    /// A session was created on this device by a sign-in or sign-up.
    case signedIn(sessionID: String, userID: String?)
    /// The active session changed (`from` or `to` nil: none), after a sign-in, a switch, a
    /// sign-out, a revocation or a restore.
    case sessionChanged(from: String?, to: String?)
    /// A session token was fetched from the server.
    case tokenRefreshed(SessionTokenKey, expiresAt: Date?)
    /// This device signed out of a session.
    case signedOut(sessionID: String)
    /// The server ended a session this device held (revoked elsewhere, expired, or the client
    /// is gone); its cached tokens are dropped.
    case sessionRevoked(sessionID: String, reason: SessionEndReason)

    /// The event in words.
    public var description: String {
        switch self {
        case .signedIn(let session, let user): "signed in: \(session)\(user.map { " (user \($0))" } ?? "")"
        case .sessionChanged(let from, let to): "session changed: \(from ?? "none") → \(to ?? "none")"
        case .tokenRefreshed(let key, let expiresAt):
            "token refreshed: \(key)\(expiresAt.map { ", expires \($0.timeIntervalSince1970)" } ?? ", not cached")"
        case .signedOut(let session): "signed out: \(session)"
        case .sessionRevoked(let session, let reason): "session revoked: \(session) (\(reason))"
        }
    }
}
