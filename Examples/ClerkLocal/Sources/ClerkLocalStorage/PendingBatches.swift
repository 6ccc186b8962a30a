import ClerkLocalCore

/// The batches queued while the writer is busy, written together in one transaction (a group commit):
/// the first batch of a group schedules the write, the write takes every batch queued until it starts.
final class PendingBatches: Sendable {
    private struct State {
        var batches: [StateChanges] = []
        var first: UInt64 = 0
    }

    private let state = LockedValue(State())

    /// Adds batch `sequence` (the next after the last added); answers whether it starts a new group, so
    /// its caller schedules the group's write.
    func add(_ changes: StateChanges, sequence: UInt64) -> Bool {
        state.withLockedValue { state in
            state.batches.append(changes)
            guard state.batches.count == 1 else { return false }
            state.first = sequence
            return true
        }
    }

    /// Every batch added since the last call, and their sequence numbers.
    func take() -> (batches: [StateChanges], sequences: ClosedRange<UInt64>)? {
        state.withLockedValue { state in
            guard !state.batches.isEmpty else { return nil }
            defer { state.batches = [] }
            return (state.batches, state.first...(state.first + UInt64(state.batches.count) - 1))
        }
    }
}
