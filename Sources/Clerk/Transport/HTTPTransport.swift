/// Sends one HTTP request and returns the answer, whatever its status.
///
/// Implementations throw `TransportError` when no answer arrives (timeouts, resets, no
/// network) and `CancellationError` when the calling task is cancelled; any HTTP status,
/// including 4xx and 5xx, is a returned `TransportResponse`.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole answer.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
