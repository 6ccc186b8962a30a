import Foundation

/// Telling a gateway's failure, a page that is not Clerk's and a malformed answer apart.
extension UndecodableResponse {
    /// Who most likely sent `response`, which could not be read as the endpoint's answer (`error`,
    /// when decoding failed), and why; never the body.
    init(classifying response: TransportResponse, error: (any Error)?, retryAfter: Duration?) {
        let contentType = response.headers["Content-Type"]
        let leading = response.body.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let isHTML = contentType?.lowercased().contains("html") == true || leading.first == UInt8(ascii: "<")
        let isJSON = !response.body.isEmpty && (try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])) != nil
        let kind: UndecodableResponse.Kind
        let reason: String
        if (500...599).contains(response.status) && !isJSON {
            kind = .gatewayFailure
            reason = "a gateway or proxy in front of Clerk reported a server-side failure \(isHTML ? "with an HTML page" : "without Clerk's error envelope")"
        } else if isHTML {
            kind = .notFromClerk
            reason = "an HTML page came where Clerk sends JSON: something between the app and Clerk (a captive portal or proxy) answered instead"
        } else {
            kind = .malformed
            if response.body.isEmpty {
                reason = "the body is empty"
            } else if !isJSON {
                reason = "the body is not valid JSON (cut short, or not JSON at all)"
            } else if let decoding = error as? DecodingError {
                reason = "the JSON does not have the expected shape (\(Self.summary(of: decoding)))"
            } else {
                reason = "the JSON is not a Frontend API answer"
            }
        }
        self.init(
            httpStatus: response.status, contentType: contentType, byteCount: response.body.count, reason: reason,
            retryAfter: retryAfter, kind: kind)
    }

    /// Names where decoding failed without quoting any value.
    private static func summary(of error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)' at \(path(context))"
        case .typeMismatch(_, let context): return "wrong type at \(path(context))"
        case .valueNotFound(_, let context): return "null at \(path(context))"
        case .dataCorrupted(let context): return "bad value at \(path(context))"
        @unknown default: return "unknown decoding error"
        }
    }
}
