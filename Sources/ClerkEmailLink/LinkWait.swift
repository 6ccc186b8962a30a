import Clerk
import Foundation

/// Waits for an email link to be opened: reads with `read` after each pause of `polling` (with
/// the client's `sleeper`, on its `clock`) until `state` says the link was opened, and returns that read.
/// - Throws: `FlowError.emailLink` when the verification failed or `polling.timeout` passed;
///   `ClerkError.cancelled` when the task is cancelled.
func waitForLink<Value: Sendable>(
    on client: ClerkClient,
    _ polling: LinkPolling,
    read: () async throws(ClerkError) -> Value,
    state: (Value) -> LinkVerificationState
) async throws(ClerkError) -> Value {
    let clock = client.clock
    let deadline = clock.now().addingTimeInterval(polling.timeout.seconds)
    var interval = polling.firstInterval
    while true {
        let remaining = deadline.timeIntervalSince(clock.now())
        guard remaining > 0 else { throw .flow(.emailLink(.notOpened)) }
        do {
            try await client.options.sleeper.sleep(for: min(interval, .milliseconds(Int64((remaining * 1000).rounded(.up)))))
        } catch {
            throw .cancelled
        }
        if Task.isCancelled { throw .cancelled }
        let value = try await read()
        switch state(value) {
        case .opened: return value
        case .failed(let failure): throw .flow(.emailLink(failure))
        case .pending: interval = polling.next(after: interval)
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    fileprivate var seconds: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
