import ClerkLocalCore
import Foundation

extension WirePresenter {
    /// A token shaped by a JWT template: the default claims, the template's claims with the
    /// user's values, and the template's lifetime.
    package func templateToken(_ template: JWTTemplate, for record: SessionRecord, user: UserRecord, now: Date, azp: String) async throws -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let claims = TemplateClaims(
            iss: issuer, sub: user.id, azp: azp, iat: issuedAt,
            // The same leeway for clocks slightly behind as session tokens have.
            nbf: issuedAt - 10, exp: issuedAt + template.lifetimeSeconds,
            jti: SecureRandom.identifier(prefix: "jwt"),
            custom: TemplateShortcodes.fill(template.claims, user: user, sessionID: record.id))
        return try await signer.sign(claims)
    }
}
