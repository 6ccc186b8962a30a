import ClerkAPI
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// What the identity-token tests share: tokens of the test providers (standard or with chosen
/// claims), and the state a refused request must leave as it was.
extension TestServer {
    func mint(_ provider: IdentityTokenProvider, _ email: String, subject: String? = nil, verified: Bool = true) async throws -> String {
        try await core.admin.mintIdentityToken(
            provider, for: TestIdentity(emailAddress: email, emailVerified: verified, subject: subject, givenName: "Ada", familyName: "Lovelace"))
    }

    /// A token of the test provider with `adjust` applied to standard claims for `email`.
    func token(
        _ provider: IdentityTokenProvider, _ email: String, adjust: (inout IdentityTokenClaims) -> Void = { _ in }
    ) async throws -> String {
        let config = try #require(core.settings.identityProviders?.config(for: provider))
        let now = core.now().timeIntervalSince1970.rounded(.down)
        var claims = IdentityTokenClaims(
            iss: config.issuer, aud: [config.clientID], exp: now + 600, iat: now, sub: "sub-\(email)", email: email,
            emailVerified: LenientBool(true))
        adjust(&claims)
        return try await core.identityTokens.testProviders().sign(claims, provider: provider)
    }

    /// Users, sign-ins, sign-ups and clients: what a refused request must not change.
    func stateCounts() async -> [Int] {
        await core.store.stateCounts()
    }
}

extension FrontendStore {
    func stateCounts() -> [Int] {
        [state.directory.users.count, state.signIns.count, state.signUps.count, state.clientBook.clients.count]
    }
}

/// The identity-token settings of the tests: `social`'s, with `apple` replaced.
func socialSettings(apple: IdentityProviderConfig?) -> InstanceSettings {
    var settings = SettingsPreset.social.settings
    settings.identityProviders?.apple = apple
    return settings
}

/// An ES256 key the test holds, with its JWK Set, and tokens signed with it.
struct OwnSigningKey {
    let key = ES256PrivateKey()
    let keyID: String

    init(keyID: String = "own-key") {
        self.keyID = keyID
    }

    var jwksJSON: JSONValue {
        get throws {
            let point = try #require(key.publicKey.parameters)
            let jwks = JWKS(keys: [.ecdsa(.es256, identifier: JWKIdentifier(string: keyID), x: point.x, y: point.y, curve: .p256)])
            return try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(jwks))
        }
    }

    func sign(_ claims: IdentityTokenClaims) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: key, kid: JWKIdentifier(string: keyID))
        return try await keys.sign(claims, kid: JWKIdentifier(string: keyID))
    }
}

/// Standard claims for `config`, as its provider would issue them now.
func standardClaims(_ config: IdentityProviderConfig, email: String, now: Date = Date()) -> IdentityTokenClaims {
    let issued = now.timeIntervalSince1970.rounded(.down)
    return IdentityTokenClaims(
        iss: config.issuer, aud: [config.clientID], exp: issued + 600, iat: issued, sub: "own-\(email)", email: email,
        emailVerified: LenientBool(true))
}
