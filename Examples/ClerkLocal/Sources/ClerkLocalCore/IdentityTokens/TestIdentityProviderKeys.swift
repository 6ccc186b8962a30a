import Crypto
import CryptoExtras
import Foundation
import JWTKit

/// The private keys of the emulator's test identity providers, kept with the instance's keys (so a
/// token minted before a restart still verifies after it): RS256 for Apple, ES256 for Google, as
/// PKCS#8 PEM.
package struct TestIdentityProviderKeyMaterial: Sendable, Codable, Hashable {
    package var rs256PEM: String
    package var rs256KeyID: String
    package var es256PEM: String
    package var es256KeyID: String

    package static func generate() throws -> TestIdentityProviderKeyMaterial {
        TestIdentityProviderKeyMaterial(
            rs256PEM: try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation,
            rs256KeyID: "test_apple_" + SecureRandom.identifier(prefix: "key").dropFirst(4),
            es256PEM: P256.Signing.PrivateKey().pemRepresentation,
            es256KeyID: "test_google_" + SecureRandom.identifier(prefix: "key").dropFirst(4))
    }
}

/// The test providers' keys in use: their JWK Sets, and ID tokens signed with them.
package struct TestIdentityProviders: Sendable {
    private let keys: JWTKeyCollection
    private let keyIDs: [IdentityTokenProvider: String]
    private let keySets: [IdentityTokenProvider: IdentityKeySet]

    package init(_ material: TestIdentityProviderKeyMaterial) async throws {
        let rsa = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(pemRepresentation: material.rs256PEM))
        let ecdsa = try ES256PrivateKey(pem: material.es256PEM)
        let rsaPrimitives = try rsa.publicKey.getKeyPrimitives()
        guard let point = ecdsa.publicKey.parameters else { throw JWTError.invalidJWK(reason: "the ES256 test key has no public point") }
        keys = JWTKeyCollection()
        await keys.add(rsa: rsa, digestAlgorithm: .sha256, kid: JWKIdentifier(string: material.rs256KeyID))
        await keys.add(ecdsa: ecdsa, kid: JWKIdentifier(string: material.es256KeyID))
        keyIDs = [.apple: material.rs256KeyID, .google: material.es256KeyID]
        keySets = [
            .apple: IdentityKeySet(
                jwks: JWKS(keys: [
                    .rsa(
                        .rs256, identifier: JWKIdentifier(string: material.rs256KeyID),
                        modulus: Base64URL.encode(rsaPrimitives.modulus), exponent: Base64URL.encode(rsaPrimitives.publicExponent))
                ])),
            .google: IdentityKeySet(
                jwks: JWKS(keys: [
                    .ecdsa(.es256, identifier: JWKIdentifier(string: material.es256KeyID), x: point.x, y: point.y, curve: .p256)
                ])),
        ]
    }

    /// The public keys of `provider`'s test key.
    package func keySet(for provider: IdentityTokenProvider) -> IdentityKeySet {
        keySets[provider]!
    }

    /// The JWK Set as `GET /__local/identity_providers/{provider}/jwks` serves it.
    package func jwksDocument(for provider: IdentityTokenProvider) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(keySet(for: provider).jwks)
    }

    /// `claims` signed with `provider`'s test key, its `kid` in the header.
    package func sign(_ claims: some JWTPayload, provider: IdentityTokenProvider) async throws -> String {
        var header = JWTHeader()
        header.typ = "JWT"
        return try await keys.sign(claims, kid: JWKIdentifier(string: keyIDs[provider]!), header: header)
    }

    /// An ID token of the test provider `provider` for `person`, as the provider would issue it to the
    /// instance's client id: issued now, valid ten minutes.
    package func mint(
        _ person: TestIdentity, provider: IdentityTokenProvider, settings: InstanceSettings, now: Date
    ) async throws(FrontendError) -> String {
        guard let config = settings.identityProviders?.config(for: provider), config.test else {
            throw FrontendError(
                .oauthProviderNotEnabled, paramName: "provider",
                longMessage: "\(provider.title) is not a test identity provider of this instance (identity_providers.\(provider.rawValue).test).")
        }
        guard !person.emailAddress.isEmpty else { throw .missing("email") }
        let issuedAt = now.timeIntervalSince1970.rounded(.down)
        let claims = IdentityTokenClaims(
            iss: config.issuer, aud: [config.clientID], exp: issuedAt + 600, iat: issuedAt,
            sub: person.subject ?? Self.subject(provider: provider, emailAddress: person.emailAddress),
            email: person.emailAddress, emailVerified: LenientBool(person.emailVerified), nonce: person.nonce,
            givenName: person.givenName, familyName: person.familyName)
        do {
            return try await sign(claims, provider: provider)
        } catch {
            throw FrontendError(.internalClerkError, longMessage: "the test identity token could not be signed")
        }
    }
}

extension TestIdentityProviders {
    /// A stable provider user id for an address: the same person gets the same `sub` every time.
    static func subject(provider: IdentityTokenProvider, emailAddress: String) -> String {
        let digest = TokenDigest.of(provider.rawValue + ":" + IdentifierFormat.normalizedEmail(emailAddress))
        return "test_" + digest.prefix(12).map { String(format: "%02x", $0) }.joined()
    }
}

/// Who a test identity token is for: `POST /__local/identity_providers/{provider}/tokens`'s body
/// (`email`, `email_verified`, `sub`, `nonce`, `given_name`, `family_name`). Without `sub`, the
/// subject is derived from the provider and the address, so the same person gets the same one.
public struct TestIdentity: Codable, Sendable, Hashable {
    /// `email`.
    public var emailAddress: String
    /// `email_verified` (true unless given): a token with false is refused.
    public var emailVerified: Bool
    /// `sub`, the provider's user id.
    public var subject: String?
    /// `nonce`, carried as given.
    public var nonce: String?
    /// `given_name`: the new user's first name.
    public var givenName: String?
    /// `family_name`: the new user's last name.
    public var familyName: String?

    public init(
        emailAddress: String, emailVerified: Bool = true, subject: String? = nil, nonce: String? = nil, givenName: String? = nil,
        familyName: String? = nil
    ) {
        self.emailAddress = emailAddress
        self.emailVerified = emailVerified
        self.subject = subject
        self.nonce = nonce
        self.givenName = givenName
        self.familyName = familyName
    }

    enum CodingKeys: String, CodingKey {
        case emailAddress = "email"
        case emailVerified = "email_verified"
        case subject = "sub"
        case nonce
        case givenName = "given_name"
        case familyName = "family_name"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        emailAddress = try container.decode(String.self, forKey: .emailAddress)
        emailVerified = try container.decodeIfPresent(Bool.self, forKey: .emailVerified) ?? true
        subject = try container.decodeIfPresent(String.self, forKey: .subject)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        givenName = try container.decodeIfPresent(String.self, forKey: .givenName)
        familyName = try container.decodeIfPresent(String.self, forKey: .familyName)
    }
}
