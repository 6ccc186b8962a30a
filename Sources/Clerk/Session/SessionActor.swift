/// Who acts as the signed-in user in an impersonation session: a session started with an actor
/// token (`POST /v1/actor_tokens` of Clerk's Backend API), which the session carries as `actor`
/// and its tokens as the `act` claim. `sub` is the actor's user id; the backend may have put
/// more in the object, kept in `claims`.
///
/// Show it (a banner saying who acts for the user), and let the backend decide what an actor may
/// do by the `act` claim of the token it receives.
public struct SessionActor: Sendable, Hashable, CustomStringConvertible {
    /// The actor's user id (`sub`), the person acting as the user.
    public let userID: String
    /// The whole actor object, `sub` included, as the backend gave it.
    public let claims: JSONValue

    /// The actor of a session's `actor` field or a token's `act` claim; nil without one, or when it
    /// is not an object with a string `sub`.
    public init?(_ value: JSONValue?) {
        guard let value, case .string(let subject)? = value["sub"], !subject.isEmpty else { return nil }
        userID = subject
        claims = value
    }

    /// The actor's user id.
    public var description: String { "SessionActor(\(userID))" }
}

extension ActiveSession {
    /// Who acts as the user, when an actor token started the session (an impersonation); nil for
    /// the user's own session.
    public var actor: SessionActor? { SessionActor(session.actor) }
}

extension SessionToken {
    /// Who acts as the user, from the token's `act` claim; nil when the token carries none (the
    /// user's own session) or its payload cannot be read. The signature is not checked here: the
    /// backend verifies the token (and reads `act`) before trusting it.
    public var actor: SessionActor? {
        guard case .success(let claims) = JWTExpiry.claims(of: jwt) else { return nil }
        return SessionActor(claims["act"])
    }
}
