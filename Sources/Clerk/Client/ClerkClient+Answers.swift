import Foundation

extension ClerkClient {
    /// Reads an answer: decodes a success and applies the client state it carries; turns an error answer
    /// into `ClerkError` (applying `meta.client`, and ending sessions the API says are gone).
    func decodeApplyingState<Endpoint: APIEndpoint>(_ response: TransportResponse, for endpoint: Endpoint) throws(ClerkError) -> Endpoint.Response {
        let retryAfter = RetryAfter.parse(response.headers["Retry-After"])
        let decoder = JSONDecoder()
        if (200..<300).contains(response.status) {
            let value: Endpoint.Response
            do {
                value = try decoder.decode(Endpoint.Response.self, from: response.body)
            } catch {
                throw .undecodableResponse(Self.undecodable(response, error: error, retryAfter: retryAfter))
            }
            if let carrier = value as? any ClientCarrying, let update = carrier.clientUpdate {
                apply(client: update, origin: Endpoint.method == .get ? .read : .mutation)
            }
            return value
        }
        guard let failure = ErrorAnswer.parse(response.body, decoder: decoder) else {
            throw .undecodableResponse(Self.undecodable(response, error: nil, retryAfter: retryAfter))
        }
        if let client = failure.client {
            apply(client: client, origin: Endpoint.method == .get ? .read : .mutation)
        }
        let error = ClerkError.api(
            APIFailure(errors: failure.errors, httpStatus: response.status, traceID: failure.traceID, retryAfter: retryAfter))
        if let reason = SessionRefusal.reason(for: error, sessionScoped: false) {
            endAllLocally(reason: reason)
        }
        throw error
    }

    static func undecodable(_ response: TransportResponse, error: (any Error)?, retryAfter: Duration?) -> UndecodableResponse {
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
        return UndecodableResponse(
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

/// Enveloped answers that carry the client's new state.
protocol ClientCarrying {
    /// `.some(client)` when the answer says what the client now is (`client`, `meta.client`, or
    /// the response itself for `/v1/client`), nil when it says nothing.
    var clientUpdate: ClientResource?? { get }
}

extension ClientEnvelope: ClientCarrying where ClientPayload == ClientResource {
    var clientUpdate: ClientResource?? {
        if let client { return .some(client) }
        if let itself = response as? ClientResource? { return .some(itself) }
        return nil
    }
}
