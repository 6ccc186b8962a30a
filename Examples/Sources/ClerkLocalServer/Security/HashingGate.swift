import Foundation
import NIOConcurrencyHelpers

/// Bounds the bcrypt work running at once. Each hash holds a core for tens of milliseconds (far
/// more at a high cost), so unbounded concurrent sign-ins would starve every other request: at most
/// `maxRunning` hashes run (one core is left for everything else), up to `maxWaiting` more wait
/// their turn in order, and beyond that a Frontend API request is refused with 429 and Retry-After.
final class HashingGate: Sendable {
    static let retryAfterSeconds = 1

    let maxRunning: Int
    let maxWaiting: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var running = 0
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    init(maxRunning: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1), maxWaiting: Int = 32) {
        self.maxRunning = max(1, maxRunning)
        self.maxWaiting = max(0, maxWaiting)
    }

    var waitingCount: Int { state.withLockedValue { $0.waiting.count } }

    /// Runs `work` once a slot is free. `bounded` refuses when the queue is full (the Frontend
    /// API); otherwise the caller waits however long the queue (seeding, the admin and Backend APIs).
    func run<T: Sendable>(bounded: Bool, _ work: @escaping @Sendable () -> T) async throws(FrontendError) -> T {
        try await enter(bounded: bounded)
        defer { leave() }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }

    func enter(bounded: Bool) async throws(FrontendError) {
        enum Decision { case run, wait, refuse }
        let immediate = state.withLockedValue { state -> Decision in
            if state.running < maxRunning {
                state.running += 1
                return .run
            }
            return bounded && state.waiting.count >= maxWaiting ? .refuse : .wait
        }
        switch immediate {
        case .run: return
        case .refuse: throw .tooManyRequests(retryAfter: Self.retryAfterSeconds)
        case .wait: break
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLockedValue { state -> Bool in
                // A slot may have come free since the first look.
                if state.running < maxRunning {
                    state.running += 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if admitted { continuation.resume() }
        }
    }

    /// Hands the slot to the first waiter, or frees it.
    func leave() {
        let next = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
