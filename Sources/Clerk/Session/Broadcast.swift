/// Hands every value to each current subscriber: each `subscribe()` is its own `AsyncStream`.
/// With `replaysLatest`, a new subscriber first gets the latest value.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var nextID = 0
        var latest: Element?
        var finished = false
    }

    private let state = Protected(State())
    private let replaysLatest: Bool
    private let bufferLimit: Int

    init(replaysLatest: Bool = false, bufferLimit: Int = 256) {
        self.replaysLatest = replaysLatest
        self.bufferLimit = bufferLimit
    }

    /// A new stream of the values sent from now on (after the latest one, when replayed). It
    /// ends when the broadcast finishes or the consumer stops iterating. A consumer that falls
    /// more than `bufferLimit` values behind loses the oldest.
    func subscribe() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let id: Int? = state.withValue { state in
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            if replaysLatest, let latest = state.latest { continuation.yield(latest) }
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withValue { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends `value` to every subscriber.
    func send(_ value: Element) {
        let subscribers = state.withValue { state in
            state.latest = value
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(value) }
    }

    /// Ends every stream; later subscribers get an empty stream.
    func finish() {
        let subscribers = state.withValue { state in
            state.finished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// How many streams are subscribed.
    var subscriberCount: Int { state.withValue { $0.subscribers.count } }
}
