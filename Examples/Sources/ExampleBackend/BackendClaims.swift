import JWTKit

/// The claims of a Clerk session token that a backend reads.
struct BackendClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var exp: ExpirationClaim
    var nbf: NotBeforeClaim?
    var azp: String?
    var sid: String?
    /// `pending` while the session has tasks left.
    var sts: String?

    /// jwt-kit calls this after checking the signature; the time window, issuer, party and
    /// session are checked by `SessionTokenVerifier` against its own clock and policy.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
