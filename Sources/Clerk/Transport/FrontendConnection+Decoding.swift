import Foundation

extension FrontendConnection {
    /// An answer read: the decoded value or the error it means, and what it said about the client.
    struct Answer<Response: Sendable> {
        var result: Result<Response, ClerkError>
        var updates: [ClientStateUpdate] = []
    }

    /// Reads an answer: decodes a success and the client state it carries; turns an error answer
    /// into `ClerkError`, with its `meta.client` and, when the API says the sessions are gone, their end.
    static func decode<Endpoint: APIEndpoint>(_ response: TransportResponse, for endpoint: Endpoint) -> Answer<Endpoint.Response> {
        let retryAfter = RetryAfter.parse(response.headers["Retry-After"])
        let origin: ClientState.Origin = Endpoint.method == .get ? .read : .mutation
        let decoder = JSONDecoder()
        if (200..<300).contains(response.status) {
            let value: Endpoint.Response
            do {
                value = try decoder.decode(Endpoint.Response.self, from: response.body)
            } catch {
                return Answer(result: .failure(.undecodableResponse(UndecodableResponse(classifying: response, error: error, retryAfter: retryAfter))))
            }
            guard let carrier = value as? any ClientCarrying, let update = carrier.clientUpdate else { return Answer(result: .success(value)) }
            return Answer(result: .success(value), updates: [.client(update, origin: origin)])
        }
        guard let failure = ErrorAnswer.parse(response.body, decoder: decoder) else {
            return Answer(result: .failure(.undecodableResponse(UndecodableResponse(classifying: response, error: nil, retryAfter: retryAfter))))
        }
        var updates: [ClientStateUpdate] = failure.client.map { [.client($0, origin: origin)] } ?? []
        let error = ClerkError.api(
            APIFailure(errors: failure.errors, httpStatus: response.status, traceID: failure.traceID, retryAfter: retryAfter))
        if let reason = SessionRefusal.reason(for: error, sessionScoped: false) {
            updates.append(.allSessionsEnded(reason))
        }
        return Answer(result: .failure(error), updates: updates)
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
