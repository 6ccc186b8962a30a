import Testing

@testable import Clerk

@Suite("Broadcast: subscribers come and go")
struct BroadcastTests {
    @Test("a stream dropped by its consumer stops being a subscriber; a finished broadcast keeps none")
    func droppedStreamsUnsubscribe() {
        let broadcast = Broadcast<Int>()
        var kept: AsyncStream<Int>? = broadcast.subscribe()
        subscribeAndDrop(broadcast)
        #expect(broadcast.subscriberCount == 1)
        kept = nil
        #expect(kept == nil)
        #expect(broadcast.subscriberCount == 0)
        _ = broadcast.subscribe()
        broadcast.finish()
        #expect(broadcast.subscriberCount == 0)
        let late = broadcast.subscribe()
        #expect(broadcast.subscriberCount == 0, "a subscriber after the end gets an ended stream and is not kept")
        _ = late
    }

    private func subscribeAndDrop(_ broadcast: Broadcast<Int>) {
        let stream = broadcast.subscribe()
        #expect(broadcast.subscriberCount == 2)
        _ = stream
    }
}
