import ClerkAPI
import JWTKit

/// The claims of a token minted from a JWT template: the default claims every template token
/// carries, and the template's own claims (shortcodes already replaced), at the top level.
public struct TemplateClaims: JWTPayload, Equatable {
    public var iss: String
    public var sub: String
    public var azp: String
    public var iat: Int
    public var nbf: Int
    public var exp: Int
    /// A unique id for this token.
    public var jti: String
    /// The template's claims.
    public var custom: [String: JSONValue]

    public init(iss: String, sub: String, azp: String, iat: Int, nbf: Int, exp: Int, jti: String, custom: [String: JSONValue]) {
        self.iss = iss
        self.sub = sub
        self.azp = azp
        self.iat = iat
        self.nbf = nbf
        self.exp = exp
        self.jti = jti
        self.custom = custom
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        iss = try container.decode(String.self, forKey: Key("iss"))
        sub = try container.decode(String.self, forKey: Key("sub"))
        azp = try container.decode(String.self, forKey: Key("azp"))
        iat = try container.decode(Int.self, forKey: Key("iat"))
        nbf = try container.decode(Int.self, forKey: Key("nbf"))
        exp = try container.decode(Int.self, forKey: Key("exp"))
        jti = try container.decode(String.self, forKey: Key("jti"))
        var custom: [String: JSONValue] = [:]
        for key in container.allKeys where !JWTTemplate.reservedClaims.contains(key.stringValue) {
            custom[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self.custom = custom
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        // The template's claims first, so a default claim can never be overwritten by one.
        for (name, value) in custom where !JWTTemplate.reservedClaims.contains(name) {
            try container.encode(value, forKey: Key(name))
        }
        try container.encode(iss, forKey: Key("iss"))
        try container.encode(sub, forKey: Key("sub"))
        try container.encode(azp, forKey: Key("azp"))
        try container.encode(iat, forKey: Key("iat"))
        try container.encode(nbf, forKey: Key("nbf"))
        try container.encode(exp, forKey: Key("exp"))
        try container.encode(jti, forKey: Key("jti"))
    }

    /// Signature checking is the key collection's; the time window is the verifier's to check.
    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
