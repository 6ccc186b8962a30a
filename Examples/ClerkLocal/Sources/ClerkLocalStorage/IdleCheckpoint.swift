import ClerkLocalCore
import Dispatch
import GRDB

/// Folds the log into the database and truncates it once the writer has written nothing for
/// `delay`, so the log stays small while the server runs: a copy of `state.sqlite` taken then holds
/// nearly everything, and a small disk is not filled by a log that SQLite's automatic checkpoint (at
/// `SQLiteStorage.pagesBetweenCheckpoints` pages) would only fold in at about 40 MB. Under a steady
/// stream of writes it never runs: no request waits behind it then.
final class IdleCheckpoint: Sendable {
    private struct State {
        /// Group writes so far.
        var writes: UInt64 = 0
        var scheduled = false
        var stopped = false
    }

    private let state = LockedValue(State())
    private let delay: Duration
    private let checkpoint: @Sendable () -> Void

    /// Under the lock, so that once `stop` returns no checkpoint is queued.
    private func checkpointIfRunning() {
        state.withLockedValue { state in if !state.stopped { checkpoint() } }
    }

    /// `checkpoint` queues the checkpoint on the writer's queue and returns (it is called holding a lock).
    init(delay: Duration, checkpoint: @escaping @Sendable () -> Void) {
        self.delay = delay
        self.checkpoint = checkpoint
    }

    /// A group was written: starts the timer unless it runs.
    func wrote() {
        let armed = state.withLockedValue { state -> UInt64? in
            state.writes += 1
            guard !state.scheduled, !state.stopped else { return nil }
            state.scheduled = true
            return state.writes
        }
        if let armed { arm(seen: armed) }
    }

    /// No checkpoint starts after this returns.
    func stop() {
        state.withLockedValue { $0.stopped = true }
    }

    /// Checkpoints after `delay` if no group was written since the `seen`th; else looks again later.
    private func arm(seen: UInt64) {
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
            let again = state.withLockedValue { state -> UInt64? in
                guard !state.stopped, state.writes != seen else {
                    state.scheduled = false
                    return nil
                }
                return state.writes
            }
            guard let again else { return checkpointIfRunning() }
            arm(seen: again)
        }
    }
}
