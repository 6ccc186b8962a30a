import Foundation

/// Reads `exp` (and `iat`) from a JWT's payload. The signature is not checked: the token came
/// from the Frontend API over TLS, and only its lifetime is needed here.
enum JWTExpiry {
    /// When a token received at `receivedAt` expires.
    ///
    /// With `iat` before `exp`, the lifetime `exp - iat` is counted from `receivedAt`, so that a
    /// device clock that is off does not make every token look expired (or everlasting);
    /// otherwise `exp` itself.
    static func expiration(of jwt: String, receivedAt: Date) -> Result<Date, JWTPayloadProblem> {
        let segments = jwt.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3 else { return .failure(.notThreeSegments) }
        guard let payload = decodeBase64URL(segments[1]) else { return .failure(.payloadNotBase64URL) }
        guard let claims = try? JSONDecoder().decode(JSONValue.self, from: payload), case .object = claims else {
            return .failure(.payloadNotJSONObject)
        }
        guard let expClaim = claims["exp"] else { return .failure(.missingExpiry) }
        guard let exp = seconds(expClaim) else { return .failure(.expiryNotANumber) }
        let expiresAt: Date
        if let iat = claims["iat"].flatMap(seconds), iat < exp {
            expiresAt = receivedAt.addingTimeInterval(exp - iat)
        } else {
            expiresAt = Date(timeIntervalSince1970: exp)
        }
        guard expiresAt > receivedAt else { return .failure(.alreadyExpired) }
        return .success(expiresAt)
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
