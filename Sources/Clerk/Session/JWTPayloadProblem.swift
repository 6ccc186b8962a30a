/// Why a session token's expiry could not be read from its payload, so that the token is
/// returned to the caller but not cached.
public enum JWTPayloadProblem: String, Error, Sendable, Hashable, CustomStringConvertible {
    /// The token is not three dot-separated segments.
    case notThreeSegments = "not_three_segments"
    /// The payload segment is not base64url.
    case payloadNotBase64URL = "payload_not_base64url"
    /// The payload is not a JSON object.
    case payloadNotJSONObject = "payload_not_json_object"
    /// The payload has no `exp` claim.
    case missingExpiry = "missing_exp"
    /// The `exp` claim is not a number of seconds.
    case expiryNotANumber = "exp_not_a_number"
    /// The token had already expired when it arrived.
    case alreadyExpired = "already_expired"

    /// What is wrong, in words; never the token.
    public var description: String {
        switch self {
        case .notThreeSegments: "the token is not three dot-separated segments"
        case .payloadNotBase64URL: "the payload is not base64url"
        case .payloadNotJSONObject: "the payload is not a JSON object"
        case .missingExpiry: "the payload has no exp claim"
        case .expiryNotANumber: "the exp claim is not a number"
        case .alreadyExpired: "the token had already expired when it arrived"
        }
    }
}
