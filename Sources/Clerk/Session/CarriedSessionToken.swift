import Foundation

/// A session's `last_active_token` as a client state carries it: taken into the token cache
/// only when it is the session's own, its expiry is readable and it is not about to expire.
enum CarriedSessionToken {
    /// Why a carried token is not cached.
    enum Refusal: Error, Hashable, CustomStringConvertible {
        /// Its expiry cannot be read, or it has expired.
        case unreadable(JWTPayloadProblem)
        /// Its `sid` claim is missing or names another session.
        case otherSession
        /// No more than the refresh leeway of it is left.
        case expiresWithinLeeway

        var description: String {
            switch self {
            case .unreadable(let problem): problem.description
            case .otherSession: "its sid claim does not name the session"
            case .expiresWithinLeeway: "it expires within the refresh leeway"
            }
        }
    }

    /// The default token (no organization, no template) of `sessionID` read from `jwt`, carried
    /// by a client state that arrived at `receivedAt`; its expiry is never later than `exp`
    /// on this device's clock, since the token may have been issued before the answer.
    static func token(_ jwt: String, of sessionID: String, receivedAt: Date, leeway: Duration) -> Result<SessionToken, Refusal> {
        let claims: JSONValue
        switch JWTExpiry.claims(of: jwt) {
        case .success(let read): claims = read
        case .failure(let problem): return .failure(.unreadable(problem))
        }
        guard claims["sid"]?.stringValue == sessionID else { return .failure(.otherSession) }
        let expiry = JWTExpiry.expiration(claims: claims, receivedAt: receivedAt, carried: true)
        if case .failure(let problem) = expiry { return .failure(.unreadable(problem)) }
        let token = SessionToken(jwt: jwt, key: SessionTokenKey(sessionID: sessionID), expiry: expiry)
        guard let expiresAt = token.expiresAt, expiresAt.timeIntervalSince(receivedAt) > leeway.seconds else {
            return .failure(.expiresWithinLeeway)
        }
        return .success(token)
    }
}
