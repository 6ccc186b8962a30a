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
                throw .undecodableResponse(UndecodableResponse(classifying: response, error: error, retryAfter: retryAfter))
            }
            if let carrier = value as? any ClientCarrying, let update = carrier.clientUpdate {
                apply(client: update, origin: Endpoint.method == .get ? .read : .mutation)
            }
            return value
        }
        guard let failure = ErrorAnswer.parse(response.body, decoder: decoder) else {
            throw .undecodableResponse(UndecodableResponse(classifying: response, error: nil, retryAfter: retryAfter))
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
