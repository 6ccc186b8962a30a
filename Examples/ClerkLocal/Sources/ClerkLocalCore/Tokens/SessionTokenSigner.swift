import CryptoExtras
import Foundation
import JWTKit

/// Signs session tokens with an RSA key generated when the server starts (RS256, with a `kid`),
/// and publishes the public half as a JWKS.
public struct SessionTokenSigner: Sendable {
    public let keyID: String
    public let jwks: JWKS
    private let keys: JWTKeyCollection

    /// A signer with a new 2048-bit key.
    public init() async throws {
        try await self.init(key: .generate())
    }

    package init(key: SigningKey) async throws {
        let privateKey = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(pemRepresentation: key.pem))
        let primitives = try privateKey.publicKey.getKeyPrimitives()
        keyID = key.keyID
        keys = JWTKeyCollection()
        await keys.add(rsa: privateKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: keyID))
        jwks = JWKS(keys: [
            .rsa(
                .rs256, identifier: JWKIdentifier(string: keyID),
                modulus: Base64URL.encode(primitives.modulus), exponent: Base64URL.encode(primitives.publicExponent))
        ])
    }

    public func sign(_ claims: some JWTPayload) async throws -> String {
        var header = JWTHeader()
        header.typ = "JWT"
        return try await keys.sign(claims, kid: JWKIdentifier(string: keyID), header: header)
    }

    /// The JWKS document served at `/.well-known/jwks.json`, with `use: sig` as Clerk's carries.
    public func jwksDocument() throws -> Data {
        let encoded = try JSONEncoder().encode(jwks)
        guard var object = try JSONSerialization.jsonObject(with: encoded) as? [String: Any],
            var entries = object["keys"] as? [[String: Any]]
        else { return encoded }
        for index in entries.indices { entries[index]["use"] = "sig" }
        object["keys"] = entries
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }
}

/// The RSA key that signs session tokens, as kept in a data directory.
package struct SigningKey: Sendable {
    /// PKCS#8 PEM.
    package var pem: String
    package var keyID: String

    package static func generate() throws -> SigningKey {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        return SigningKey(pem: key.pemRepresentation, keyID: "ins_local_" + SecureRandom.identifier(prefix: "key").dropFirst(4))
    }
    package init(pem: String, keyID: String) {
        self.pem = pem
        self.keyID = keyID
    }
}
