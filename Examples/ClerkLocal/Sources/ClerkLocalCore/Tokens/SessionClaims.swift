import ClerkAPI
import JWTKit

/// The claims of a session token, named and typed as in Clerk's version 2 session tokens.
public struct SessionClaims: JWTPayload, Equatable {
    /// The Frontend API URL that issued the token.
    public var iss: String
    /// The user id.
    public var sub: String
    /// The session id.
    public var sid: String
    /// The origin that asked for the token.
    public var azp: String
    public var iat: Int
    public var nbf: Int
    public var exp: Int
    /// The session token format version.
    public var v: Int
    /// Minutes since the first and the second factor were verified (-1: no second factor).
    public var fva: [Int]
    /// `pending` while the session has tasks left; absent for an active session.
    public var sts: String?
    /// The session's active organization; absent without one.
    public var o: OrganizationClaim?
    /// The active organization's features (`o:<feature>`, comma-separated); absent without any.
    public var fea: String?
    /// Who acts as the user in an impersonation session: the actor object of the actor token that
    /// started it (`sub`, the actor's user id, and whatever else the backend put in it); absent otherwise.
    public var act: JSONValue?

    public init(
        iss: String, sub: String, sid: String, azp: String, iat: Int, nbf: Int, exp: Int, v: Int = 2, fva: [Int], sts: String? = nil,
        o: OrganizationClaim? = nil, fea: String? = nil, act: JSONValue? = nil
    ) {
        self.iss = iss
        self.sub = sub
        self.sid = sid
        self.azp = azp
        self.iat = iat
        self.nbf = nbf
        self.exp = exp
        self.v = v
        self.fva = fva
        self.sts = sts
        self.o = o
        self.fea = fea
        self.act = act
    }

    /// Signature checking is the key collection's; the time window is checked by whoever verifies,
    /// against its own clock.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
