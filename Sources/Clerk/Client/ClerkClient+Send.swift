import Foundation

extension ClerkClient {
    /// Sends any Frontend API request and returns its decoded answer.
    ///
    /// Enveloped answers update `client` from `client` or `meta.client`; so do error answers
    /// carrying `meta.client`. Requests whose endpoint is safe to retry are repeated on 429, 5xx and
    /// transient transport failures, within `retryPolicy`; others are sent exactly once.
    public func send<Endpoint: APIEndpoint>(_ endpoint: Endpoint) async throws(ClerkError) -> Endpoint.Response {
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .cancelled }
            let request = try makeRequest(endpoint)
            let label = "\(Endpoint.method.rawValue) \(endpoint.path)"
            log("→ \(label) (attempt \(attempt))")
            let response: TransportResponse
            do {
                response = try await transport.send(request)
            } catch let failure as TransportError {
                log("✗ \(label): \(failure.description)")
                if Endpoint.isSafeToRetry, failure.isTransient,
                    let delay = retryPolicy.delay(afterAttempt: attempt, retryAfter: nil)
                {
                    try await wait(delay)
                    continue
                }
                throw .transport(failure)
            } catch is CancellationError {
                log("✗ \(label): cancelled")
                throw .cancelled
            } catch {
                log("✗ \(label): \(type(of: error))")
                throw .transport(TransportError(.other, detail: String(describing: type(of: error))))
            }
            storeToken(from: response)
            do throws(ClerkError) {
                let value = try decode(response, for: endpoint)
                log("← \(response.status) \(label)")
                return value
            } catch {
                log("← \(response.status) \(label): \(error.description)")
                let retryable = response.status == 429 || (500...599).contains(response.status)
                if Endpoint.isSafeToRetry, retryable,
                    let delay = retryPolicy.delay(afterAttempt: attempt, retryAfter: error.retryAfter)
                {
                    try await wait(delay)
                    continue
                }
                throw error
            }
        }
    }

    private func wait(_ delay: Duration) async throws(ClerkError) {
        log("retrying in \(delay)")
        do {
            try await sleeper.sleep(for: delay)
        } catch {
            throw .cancelled
        }
    }

    func makeRequest<Endpoint: APIEndpoint>(_ endpoint: Endpoint) throws(ClerkError) -> TransportRequest {
        var query = FormFields()
        query.append("_is_native", "true")
        for item in endpoint.queryItems { query.append(item.name, item.value) }
        let text = configuration.frontendAPIURL.absoluteString + endpoint.path + "?" + query.percentEncoded()
        guard let url = URL(string: text) else {
            throw .invalidInput(InvalidInput(field: "path", reason: "'\(endpoint.path)' does not form a URL"))
        }
        var headers: TransportHeaders = [
            "clerk-api-version": ClerkConfiguration.apiVersion,
            "x-mobile": "1",
        ]
        if let token = try currentToken() {
            headers.append(name: "Authorization", value: token)
        }
        let fields = endpoint.body.formFields()
        var body: Data?
        if Endpoint.method != .get && !(Endpoint.method == .delete && fields.isEmpty) {
            headers.append(name: "Content-Type", value: "application/x-www-form-urlencoded")
            body = Data(fields.percentEncoded().utf8)
        }
        return TransportRequest(method: Endpoint.method, url: url, headers: headers, body: body)
    }
}
