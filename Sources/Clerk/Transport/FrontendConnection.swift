import Foundation

/// What an answer said about the client, for ``ClerkClient`` to apply to its state.
enum ClientStateUpdate: Sendable {
    /// The client as the answer describes it (nil: the server has no client for this device).
    case client(ClientResource?, origin: ClientState.Origin)
    /// The answer said every session of the client is gone.
    case allSessionsEnded(SessionEndReason)
}

/// The stateless half of a ``ClerkClient``: builds each request of an endpoint (with the client
/// token `clientToken` holds), sends it within the retry policy and the call's deadline, keeps the
/// client token each answer carries, and decodes the answer. What an answer says about the client
/// goes to the caller's `apply` before the call goes on (to a retry, a return or a throw).
struct FrontendConnection: Sendable {
    let configuration: ClerkConfiguration
    let transport: any HTTPTransport
    let retryPolicy: RetryPolicy
    let retrySleeper: any Sleeper
    let clientToken: ClientTokenKeeper
    let log: @Sendable (String) -> Void

    /// Sends `endpoint` and returns its decoded answer (see ``ClerkClient/send(_:)`` for the rules).
    func send<Endpoint: APIEndpoint>(
        _ endpoint: Endpoint, applying apply: @Sendable (ClientStateUpdate) async -> Void
    ) async throws(ClerkError) -> Endpoint.Response {
        let deadline = retryPolicy.deadline.map { ContinuousClock.now + $0 }
        let label = "\(Endpoint.method.rawValue) \(endpoint.path)"
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .cancelled }
            let request = try TransportRequest(frontendAPI: endpoint, at: configuration.frontendAPIURL, clientToken: try clientToken.current())
            log("→ \(label) (attempt \(attempt))")
            let response: TransportResponse
            do {
                response = try await transmit(request, until: deadline)
            } catch let failure as TransportError {
                log("✗ \(label): \(failure.description)")
                if Endpoint.isSafeToRetry, failure.isTransient, let delay = nextDelay(after: attempt, retryAfter: nil, deadline: deadline) {
                    try await wait(delay)
                    continue
                }
                if !Endpoint.isSafeToRetry, failure.mayHaveReachedServer {
                    throw .answerLost(LostAnswer(request: label, cause: .transport(failure)))
                }
                throw .transport(failure)
            } catch is CancellationError {
                log("✗ \(label): cancelled")
                throw .cancelled
            } catch {
                log("✗ \(label): \(type(of: error))")
                throw .transport(TransportError(.other, detail: String(describing: type(of: error))))
            }
            clientToken.keep(from: response)
            let answer = Self.decode(response, for: endpoint)
            for update in answer.updates { await apply(update) }
            switch answer.result {
            case .success(let value):
                log("← \(response.status) \(label)")
                return value
            case .failure(let error):
                log("← \(response.status) \(label): \(error.description)")
                // A 429 says the server did nothing: any request may go once more after the wait.
                let rateLimited = response.status == 429 && (Endpoint.isSafeToRetry || attempt == 1)
                let retryable = rateLimited || (Endpoint.isSafeToRetry && (500...599).contains(response.status))
                if retryable, let delay = nextDelay(after: attempt, retryAfter: error.retryAfter, deadline: deadline) {
                    try await wait(delay)
                    continue
                }
                if !Endpoint.isSafeToRetry, case .undecodableResponse(let answer) = error, answer.kind == .gatewayFailure {
                    throw .answerLost(LostAnswer(request: label, cause: .gateway(answer)))
                }
                throw error
            }
        }
    }

    /// The wait before the next attempt, or nil when the policy or the deadline rules it out.
    private func nextDelay(after attempt: Int, retryAfter: Duration?, deadline: ContinuousClock.Instant?) -> Duration? {
        guard let delay = retryPolicy.delay(afterAttempt: attempt, retryAfter: retryAfter) else { return nil }
        if let deadline, ContinuousClock.now + delay >= deadline { return nil }
        return delay
    }

    /// Sends one attempt; the attempt still running at `deadline` is abandoned as timed out.
    private func transmit(_ request: TransportRequest, until deadline: ContinuousClock.Instant?) async throws -> TransportResponse {
        guard let deadline else { return try await transport.send(request) }
        let transport = self.transport
        return try await withThrowingTaskGroup(of: TransportResponse.self) { group in
            group.addTask { try await transport.send(request) }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw TransportError(.timedOut, detail: "the call's deadline passed (RetryPolicy.deadline)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    private func wait(_ delay: Duration) async throws(ClerkError) {
        log("retrying in \(delay)")
        do {
            try await retrySleeper.sleep(for: delay)
        } catch {
            throw .cancelled
        }
    }
}
