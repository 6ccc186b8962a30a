import Foundation

/// Bounds the bcrypt work running at once. Each hash holds a core for tens of milliseconds (far
/// more at a high cost), so unbounded concurrent sign-ins would starve every other request: at most
/// `maxRunning` hashes run (one core is left for everything else), up to `maxWaiting` more wait
/// their turn in order, and beyond that a Frontend API request is refused with 429 and Retry-After.
package final class HashingGate: Sendable {
    package static let retryAfterSeconds = 1

    package let maxRunning: Int
    package let maxWaiting: Int
    private let state = LockedValue(State())

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Bool, Never>] = []
    }

    package init(maxRunning: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), maxWaiting: Int = 32) {
        self.maxRunning = max(1, maxRunning)
        self.maxWaiting = max(0, maxWaiting)
    }

    package var waitingCount: Int { state.withLockedValue { $0.waiting.count } }

    /// Runs `work` once a slot is free, or refuses with 429 when the queue is full (the Frontend API).
    package func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(FrontendError) -> T {
        try await enter()
        defer { leave() }
        return await Self.offThePool(work)
    }

    /// Runs `work` once a slot is free, however long the queue (seeding, the admin and Backend APIs).
    package func runWhenFree<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        _ = await takeSlot(bounded: false)
        defer { leave() }
        return await Self.offThePool(work)
    }

    /// Takes a slot, waiting in the queue if there is room in it; 429 when there is not.
    package func enter() async throws(FrontendError) {
        guard await takeSlot(bounded: true) else { throw .tooManyRequests(retryAfter: Self.retryAfterSeconds) }
    }

    /// True once the caller holds a slot; false, at once, when `bounded` and the queue is full.
    private func takeSlot(bounded: Bool) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            enum Decision { case run, wait, refuse }
            let decision = state.withLockedValue { state -> Decision in
                if state.running < maxRunning {
                    state.running += 1
                    return .run
                }
                if bounded, state.waiting.count >= maxWaiting { return .refuse }
                state.waiting.append(continuation)
                return .wait
            }
            switch decision {
            case .run: continuation.resume(returning: true)
            case .refuse: continuation.resume(returning: false)
            case .wait: break
            }
        }
    }

    /// On a dispatch thread: a hash must not hold the state actor or a cooperative-pool thread.
    private static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }

    /// Hands the slot to the first waiter, or frees it.
    package func leave() {
        let next = state.withLockedValue { state -> CheckedContinuation<Bool, Never>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume(returning: true)
    }
}
