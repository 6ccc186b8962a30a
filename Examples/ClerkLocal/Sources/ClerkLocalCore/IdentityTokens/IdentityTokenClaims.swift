import JWTKit

/// The claims of an OpenID Connect ID token the verifier reads. JWTKit checks the signature; the
/// verifier checks the claims against the instance's clock (`IdentityTokenVerifier`).
package struct IdentityTokenClaims: JWTPayload, Equatable {
    package var iss: String?
    package var aud: AudienceClaim?
    package var exp: Double?
    package var iat: Double?
    /// Not before: a token is refused until then (beyond the verifier's leeway).
    package var nbf: Double?
    package var sub: String?
    package var email: String?
    package var emailVerified: LenientBool?
    package var nonce: String?
    package var givenName: String?
    package var familyName: String?

    package init(
        iss: String?, aud: [String]?, exp: Double?, iat: Double?, sub: String?, email: String?, emailVerified: LenientBool?,
        nonce: String? = nil, givenName: String? = nil, familyName: String? = nil
    ) {
        self.iss = iss
        self.aud = aud.map { AudienceClaim(value: $0) }
        self.exp = exp
        self.iat = iat
        self.sub = sub
        self.email = email
        self.emailVerified = emailVerified
        self.nonce = nonce
        self.givenName = givenName
        self.familyName = familyName
    }

    enum CodingKeys: String, CodingKey {
        case iss, aud, exp, iat, nbf, sub, email, nonce
        case emailVerified = "email_verified"
        case givenName = "given_name"
        case familyName = "family_name"
    }

    package func verify(using _: some JWTAlgorithm) async throws {}
}

/// `email_verified` as providers send it: a boolean, or (Apple, at times) the string "true" or "false".
package struct LenientBool: Codable, Sendable, Equatable {
    package var value: Bool

    package init(_ value: Bool) {
        self.value = value
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let bool = try? container.decode(Bool.self) {
            value = bool
        } else {
            value = try container.decode(String.self).lowercased() == "true"
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
