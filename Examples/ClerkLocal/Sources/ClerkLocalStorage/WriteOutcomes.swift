import ClerkLocalCore

/// Numbers the batches handed to a database writer and tells those waiting for one how its write
/// went. Batches complete in the order they were numbered (the writer runs them one after another).
package final class WriteOutcomes: Sendable {
    private struct State {
        var lastQueued: UInt64 = 0
        var lastCompleted: UInt64 = 0
        /// The latest batches whose write failed, and why (a bounded memory: see `keptFailures`).
        var failures: [(batches: ClosedRange<UInt64>, error: any Error)] = []
        /// The last batch of the newest failure no longer kept (0: none dropped yet; batches are
        /// numbered from 1): a batch at or before it whose failure is not kept may have failed, so its
        /// outcome is unknown.
        var forgottenThrough: UInt64 = 0
        var waiters: [(sequence: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    }

    /// Failures are looked up by requests that wait right after enqueueing, so a few suffice; a
    /// waiter later than that is told its write failed (`OutcomeForgotten`), never that it succeeded.
    private static let keptFailures = 64
    private let state = LockedValue(State())

    package var lastQueued: UInt64 {
        state.withLockedValue { $0.lastQueued }
    }

    /// Numbers the next batch. The caller hands it to the writer after this returns, never while the
    /// lock is held: a thread woken by that hand-off could otherwise preempt the holder, and the writer
    /// would spin on the lock to answer the batch.
    package func number() -> UInt64 {
        state.withLockedValue { state in
            state.lastQueued += 1
            return state.lastQueued
        }
    }

    /// Records how the write of `batches` (the oldest not yet completed) went and answers their waiters.
    package func complete(_ batches: ClosedRange<UInt64>, with result: Result<Void, any Error>) {
        let answered = state.withLockedValue { state in
            state.lastCompleted = max(state.lastCompleted, batches.upperBound)
            if case .failure(let error) = result {
                state.failures.append((batches, error))
                if state.failures.count > Self.keptFailures { state.forgottenThrough = state.failures.removeFirst().batches.upperBound }
            }
            let through = state.lastCompleted
            defer { state.waiters.removeAll { $0.sequence <= through } }
            return state.waiters.filter { $0.sequence <= through }
        }
        for waiter in answered {
            waiter.continuation.resume(with: batches.contains(waiter.sequence) ? result : .success(()))
        }
    }

    /// Returns once batch `sequence` is written; throws the error its write failed with.
    package func wait(for sequence: UInt64) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<Void, any Error>? = state.withLockedValue { state in
                guard sequence <= state.lastCompleted else {
                    state.waiters.append((sequence, continuation))
                    return nil
                }
                if let failure = state.failures.last(where: { $0.batches.contains(sequence) }) { return .failure(failure.error) }
                // Fails closed: a batch whose outcome was forgotten is not reported written.
                guard state.forgottenThrough == 0 || sequence > state.forgottenThrough else { return .failure(OutcomeForgotten(sequence: sequence)) }
                return .success(())
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }
}

/// The outcome of a batch's write is no longer known (its waiter came after `WriteOutcomes` had
/// dropped the failures around it): reported as a failure.
package struct OutcomeForgotten: Error {
    package let sequence: UInt64
}
