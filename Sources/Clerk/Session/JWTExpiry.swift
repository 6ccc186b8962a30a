import Foundation

/// Reads `exp` (and `iat`) from a JWT's payload. The signature is not checked: the token came
/// from the Frontend API over TLS, and only its lifetime is needed here.
enum JWTExpiry {
    /// When a token received at `receivedAt` expires.
    ///
    /// With `iat` before `exp`, the lifetime `exp - iat` is counted from `receivedAt`, so that a
    /// device clock that is off does not make every token look expired (or everlasting);
    /// otherwise `exp` itself. A token that may have been issued before it arrived (a session's
    /// `last_active_token`, carried by a client state) is `carried`: its expiry is then also
    /// never later than `exp` on this device's clock, so an old token never passes for a new one.
    static func expiration(of jwt: String, receivedAt: Date, carried: Bool = false) -> Result<Date, JWTPayloadProblem> {
        claims(of: jwt).flatMap { expiration(claims: $0, receivedAt: receivedAt, carried: carried) }
    }

    /// The expiry (as `expiration(of:receivedAt:carried:)` reads it) of a token whose payload is `claims`.
    static func expiration(claims: JSONValue, receivedAt: Date, carried: Bool) -> Result<Date, JWTPayloadProblem> {
        guard let expClaim = claims["exp"] else { return .failure(.missingExpiry) }
        guard let exp = seconds(expClaim) else { return .failure(.expiryNotANumber) }
        var expiresAt = Date(timeIntervalSince1970: exp)
        if let iat = claims["iat"].flatMap(seconds), iat < exp {
            let lifetimeFromArrival = receivedAt.addingTimeInterval(exp - iat)
            expiresAt = carried ? min(expiresAt, lifetimeFromArrival) : lifetimeFromArrival
        }
        guard expiresAt > receivedAt else { return .failure(.alreadyExpired) }
        return .success(expiresAt)
    }

    /// The payload of `jwt`, a JSON object.
    static func claims(of jwt: String) -> Result<JSONValue, JWTPayloadProblem> {
        let segments = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return .failure(.notThreeSegments) }
        guard let payload = decodeBase64URL(segments[1]) else { return .failure(.payloadNotBase64URL) }
        guard let claims = try? JSONDecoder().decode(JSONValue.self, from: payload), case .object = claims else {
            return .failure(.payloadNotJSONObject)
        }
        return .success(claims)
    }

    private static func seconds(_ value: JSONValue) -> Double? {
        switch value {
        case .integer(let seconds): Double(seconds)
        case .number(let seconds) where seconds.isFinite: seconds
        default: nil
        }
    }

    private static func decodeBase64URL(_ segment: Substring) -> Data? {
        guard !segment.isEmpty,
            segment.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
