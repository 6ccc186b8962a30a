import Foundation

extension ClerkClient {
    /// Reads with `read` after each pause of `polling` until `state` says the link was opened,
    /// and returns that read.
    /// - Throws: `FlowError.emailLink` when the verification failed or `polling.timeout` passed;
    ///   `ClerkError.cancelled` when the task is cancelled.
    func waitForLink<Value: Sendable>(
        _ polling: LinkPolling,
        read: () async throws(ClerkError) -> Value,
        state: (Value) -> LinkVerificationState
    ) async throws(ClerkError) -> Value {
        let deadline = clock.now().addingTimeInterval(polling.timeout.seconds)
        var interval = polling.firstInterval
        while true {
            let remaining = deadline.timeIntervalSince(clock.now())
            guard remaining > 0 else { throw .flow(.emailLink(.notOpened)) }
            do {
                try await sleeper.sleep(for: min(interval, Duration(timeInterval: remaining)))
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
}
