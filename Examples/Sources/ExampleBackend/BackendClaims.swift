import JWTKit

/// The claims of a Clerk session token (version 2) that a backend reads.
struct BackendClaims: JWTPayload {
    /// The Frontend API that issued the token.
    var iss: IssuerClaim
    /// The user id.
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var nbf: NotBeforeClaim?
    var iat: IssuedAtClaim?
    /// The origin the token was issued to (the app's, or the Frontend API's own for native clients).
    var azp: String?
    /// The session id.
    var sid: String?
    /// The token format's version: 2.
    var v: Int?
    /// Minutes since the first and the second factor were verified (-1: no second factor yet).
    var fva: [Int]?
    /// The active organization, when the session has one.
    var o: OrganizationClaims?
    /// `pending` while the session has tasks left.
    var sts: String?
    /// Who acts as the user, in a session an actor token started (impersonation).
    var act: ActorClaim?

    /// jwt-kit calls this after checking the signature; the time window, issuer, party and
    /// session are checked by `SessionTokenVerifier` against its own clock and policy.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// The `o` claim: the session's active organization.
public struct OrganizationClaims: Codable, Sendable, Hashable {
    /// The organization id.
    public var id: String
    /// Its slug.
    public var slg: String?
    /// The user's role in it.
    public var rol: String?
    /// The user's permissions in it, comma-separated.
    public var per: String?
}

/// The `act` claim of an impersonation session's token: the actor object of the actor token, at
/// least `sub`, the id of the user acting as the token's subject.
public struct ActorClaim: Codable, Sendable, Hashable {
    /// The actor's user id.
    public var sub: String
}
