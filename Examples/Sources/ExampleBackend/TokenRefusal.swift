/// Why a request was refused: the `error` of the 401 answer. Never includes the token.
public struct TokenRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        /// No `Authorization: Bearer` header.
        case missingToken = "token_missing"
        /// Not a JWT, or its claims are not a session token's.
        case malformedToken = "token_malformed"
        /// Signed with a key the JWKS does not hold.
        case unknownKey = "key_unknown"
        /// The signature does not verify with the key it names.
        case invalidSignature = "signature_invalid"
        case expired = "token_expired"
        /// `nbf` is still ahead (beyond the leeway).
        case notYetValid = "token_not_yet_valid"
        /// `iat` is ahead of the server's clock (beyond the leeway).
        case issuedInTheFuture = "token_iat_in_the_future"
        /// Issued by another Frontend API.
        case wrongIssuer = "issuer_invalid"
        /// `azp` is not one of the allowed origins.
        case unauthorizedParty = "authorized_party_invalid"
        /// No `sid`: not a session token (a JWT template's token, say).
        case missingSession = "session_missing"
        /// The session still has tasks to finish.
        case pendingSession = "session_pending"
        /// The JWKS could not be read.
        case keysUnavailable = "jwks_unavailable"
    }

    public var reason: Reason
    /// Words for a developer; no secret.
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { "\(reason.rawValue): \(message)" }
}
