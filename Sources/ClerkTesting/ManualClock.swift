import Clerk
import Foundation

/// A clock and sleeper for tests that moves only when told: inject it as both the `clock` and
/// the `sleeper` of a `ClerkClient`, and token expiry, backoff and the background token refresh
/// run without waiting on a timer.
///
/// ```swift
/// let clock = ManualClock()
/// let clerk = ClerkClient(configuration: configuration, options: .init(transport: transport, sleeper: clock, clock: clock))
/// await clerk.startTokenRefresh()
/// await clock.waitForSleepers(1)      // the refresh fetched a token and now waits
/// clock.advance(by: .seconds(50))     // the wait ends; the next token is fetched
/// ```
public final class ManualClock: WallClock, Sleeper {
    private struct SleepingTask {
        let id: Int
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Date
        var sleepers: [SleepingTask] = []
        var waiters: [Waiter] = []
        var requested: [Duration] = []
        var nextID = 0
    }

    private let state: Protected<State>

    /// A clock showing `now` (by default 14 November 2023, 22:13:20 UTC).
    public init(now: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Protected(State(now: now))
    }

    /// The time the clock shows.
    public func now() -> Date {
        state.withValue { $0.now }
    }

    /// Every duration a sleeper asked for, in order.
    public var requestedSleeps: [Duration] {
        state.withValue { $0.requested }
    }

    /// How many sleepers are waiting.
    public var pendingSleepers: Int {
        state.withValue { $0.sleepers.count }
    }

    /// Suspends until `advance(by:)` reaches now plus `duration`; a zero or negative duration
    /// returns at once. Throws `CancellationError` when the task is cancelled.
    public func sleep(for duration: Duration) async throws {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let id: Int = state.withValue { state in
            state.requested.append(duration)
            state.nextID += 1
            return state.nextID
        }
        guard seconds > 0 else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, cancelled): ([CheckedContinuation<Void, Never>], Bool) = state.withValue { state in
                    if Task.isCancelled { return ([], true) }
                    state.sleepers.append(SleepingTask(id: id, deadline: state.now.addingTimeInterval(seconds), continuation: continuation))
                    return (Self.releaseWaiters(&state), false)
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let sleeper: SleepingTask? = state.withValue { state in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `duration` and wakes every sleeper whose time has come.
    public func advance(by duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let due: [SleepingTask] = state.withValue { state in
            state.now = state.now.addingTimeInterval(max(0, seconds))
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock to the earliest sleeper's deadline and wakes it (and any other sleeper
    /// due by then). Does nothing when no one sleeps.
    public func advanceToNextDeadline() {
        let next: Date? = state.withValue { state in state.sleepers.map(\.deadline).min() }
        guard let next else { return }
        advance(by: .milliseconds(Int64((next.timeIntervalSince(now()) * 1000).rounded(.up))))
    }

    /// Suspends until at least `count` sleepers are waiting: the moment a background task has
    /// done its work and gone to sleep. No timer is involved.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready: Bool = state.withValue { state in
                if state.sleepers.count >= count { return true }
                state.waiters.append(Waiter(count: count, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private static func releaseWaiters(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.sleepers.count
        let ready = state.waiters.filter { $0.count <= count }.map(\.continuation)
        state.waiters.removeAll { $0.count <= count }
        return ready
    }
}
