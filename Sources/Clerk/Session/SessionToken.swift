import Foundation

/// A session token (a short-lived JWT) with what the SDK read from it.
///
/// Its description, debug description and mirror never show the JWT.
public struct SessionToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The JWT, to send to your backend (`Authorization: Bearer …`).
    public let jwt: String
    /// The session, organization and template the token is for.
    public let key: SessionTokenKey
    /// When the token expires, on this device's clock; nil when the payload does not say.
    public let expiresAt: Date?
    /// Why the token is not cached (its expiry is unreadable, or it arrived expired); nil for a
    /// cacheable token.
    public let uncacheableReason: JWTPayloadProblem?

    /// A token received at `receivedAt` for `key`; its expiry is read from the payload's `exp`
    /// (counted from `receivedAt` when the payload also has `iat`).
    public init(jwt: String, key: SessionTokenKey, receivedAt: Date) {
        self.init(jwt: jwt, key: key, expiry: JWTExpiry.expiration(of: jwt, receivedAt: receivedAt))
    }

    /// A token for `key` whose expiry was already read (or found unreadable).
    init(jwt: String, key: SessionTokenKey, expiry: Result<Date, JWTPayloadProblem>) {
        self.jwt = jwt
        self.key = key
        switch expiry {
        case .success(let date):
            expiresAt = date
            uncacheableReason = nil
        case .failure(let problem):
            expiresAt = nil
            uncacheableReason = problem
        }
    }

    /// The session the token is for.
    public var sessionID: String { key.sessionID }

    /// Whether the token can be cached (its expiry is known).
    public var isCacheable: Bool { expiresAt != nil }

    /// Whether the token is still valid at `date` (false when its expiry is unknown).
    public func isValid(at date: Date) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt > date
    }

    /// The key and expiry; never the JWT.
    public var description: String {
        let expiry = expiresAt.map { "expires \($0.timeIntervalSince1970)" } ?? "not cached: \(uncacheableReason?.description ?? "unknown")"
        return "SessionToken(\(key), \(expiry), jwt: \(Redaction.placeholder))"
    }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// Shows the key and expiry; the JWT as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "key": key, "expiresAt": expiresAt as Any, "uncacheableReason": uncacheableReason as Any,
                "jwt": Redaction.placeholder,
            ],
            displayStyle: .struct)
    }
}
