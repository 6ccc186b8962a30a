import ClerkAPI
import Foundation
import JWTKit

/// Verifies an identity token for a strategy: the signature against the provider's JWK Set (the
/// key its header's `kid` names; RS256 and ES256), `iss` equal to the configured issuer, `aud`
/// containing the client id, `exp` not past, `iat` and `nbf` not in the future (a minute's leeway),
/// `sub` present, and a provider-verified email address. Names (`given_name`, `family_name`) are
/// adopted only when they keep `UserFieldRules`, else dropped. Runs outside the store's actor (the signature
/// check is CPU work). The Frontend API takes no nonce with a token, so a token's `nonce` is not
/// compared with anything.
package struct IdentityTokenVerifier: Sendable {
    package let keySets: any IdentityKeySetSource
    package let now: @Sendable () -> Date
    package static let issuedAtLeeway: TimeInterval = 60

    package init(keySets: any IdentityKeySetSource, now: @escaping @Sendable () -> Date) {
        self.keySets = keySets
        self.now = now
    }

    /// The identity `token` proves, or the refusal Clerk answers for `strategy`.
    package func verify(_ token: String?, strategy: Strategy, settings: InstanceSettings) async throws(FrontendError) -> VerifiedIdentity {
        guard let provider = IdentityTokenProvider(strategy: strategy) else { throw .strategyInvalid() }
        guard let config = settings.identityProviders?.config(for: provider) else { throw Self.notEnabled(provider) }
        return try await verify(token, provider: provider, strategy: strategy, config: config)
    }

    /// `token` checked against `config`: signature, issuer, audience, times, subject, a verified
    /// email address, and `nonce` when the sign-in sent one (OAuth). With the provider's `userinfo`
    /// answer (OAuth), what the token lacks is taken from it, which must name the same subject
    /// (else `oauth_fetch_user_error`).
    package func verify(
        _ token: String?, provider: IdentityTokenProvider, strategy: Strategy, config: IdentityProviderConfig, nonce: String? = nil,
        userinfo: IdentityTokenClaims? = nil
    ) async throws(FrontendError) -> VerifiedIdentity {
        guard let token, !token.isEmpty else { throw .missing("token") }
        let invalid = Self.invalidToken(strategy)
        guard let keySet = await keySets.keySet(for: provider, config: config) else { throw invalid }
        var claims: IdentityTokenClaims
        do {
            let keys = try await JWTKeyCollection().add(jwks: keySet.jwks)
            claims = try await keys.verify(token, as: IdentityTokenClaims.self)
        } catch {
            throw invalid
        }
        if let userinfo {
            guard userinfo.sub == claims.sub else { throw FrontendError(.oauthFetchUserError) }
            claims = claims.filled(from: userinfo)
        }
        let now = now().timeIntervalSince1970
        guard claims.iss == config.issuer, claims.aud?.value.contains(config.clientID) == true,
            let exp = claims.exp, now < exp,
            let iat = claims.iat, iat <= now + Self.issuedAtLeeway,
            claims.nbf.map({ $0 <= now + Self.issuedAtLeeway }) ?? true,
            let subject = claims.sub, !subject.isEmpty,
            let email = claims.email.map(IdentifierFormat.normalizedEmail), IdentifierFormat.isValidEmail(email),
            claims.emailVerified?.value == true,
            nonce == nil || claims.nonce == nonce
        else { throw invalid }
        return VerifiedIdentity(
            provider: provider, strategy: strategy, subject: subject, emailAddress: email,
            firstName: UserFieldRules.adoptedName(claims.givenName), lastName: UserFieldRules.adoptedName(claims.familyName))
    }

    /// `oauth_provider_not_enabled`, naming the provider as Clerk's message does.
    package static func notEnabled(_ provider: IdentityTokenProvider) -> FrontendError {
        FrontendError(
            .oauthProviderNotEnabled, paramName: "strategy",
            longMessage: "Single-sign on with \(provider.title) OAuth provider is not enabled in the instance settings.")
    }

    /// Google One Tap's own code; for the other strategies, the token parameter is invalid.
    package static func invalidToken(_ strategy: Strategy) -> FrontendError {
        if strategy == .googleOneTap { return FrontendError(.googleOneTapTokenInvalid, paramName: "token") }
        return FrontendError(.formParamValueInvalid, variant: "FormValidationFailed", paramName: "token", longMessage: "token is invalid")
    }
}
