import Foundation

extension SessionTokenVerifier {
    /// A verifier for the session tokens of the Frontend API at `frontendAPI`: its JWKS, its URL as
    /// the issuer, and `authorizedParties` as the allowed `azp` (by default that URL, the `azp` of
    /// native clients' tokens; a web app lists its origins).
    public static func forFrontendAPI(
        _ frontendAPI: URL, authorizedParties: [String]? = nil, leeway: TimeInterval = 5,
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> SessionTokenVerifier {
        let issuer = frontendAPI.absoluteString.hasSuffix("/") ? String(frontendAPI.absoluteString.dropLast()) : frontendAPI.absoluteString
        return SessionTokenVerifier(
            source: HTTPJWKSSource(frontendAPI: frontendAPI),
            policy: VerificationPolicy(issuer: issuer, authorizedParties: authorizedParties ?? [issuer], leeway: leeway), now: now)
    }
}
