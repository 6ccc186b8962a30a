import NIOCore
import NIOEmbedded
import Testing

@testable import ClerkLocalServer

/// The request deadline's watcher on an event loop whose clock the test moves: a connection has one
/// check scheduled at a time, set from the first request's start, so a later request on the same
/// connection must still be measured from its own first byte.
@Suite("The request deadline's check")
struct RequestDeadlineCheckTests {
    @Test("On a kept-alive connection, each request has its own deadline")
    func deadlinePerRequest() throws {
        let loop = EmbeddedEventLoop()
        let watcher = RequestStartWatcher(deadline: .seconds(2))
        let channel = EmbeddedChannel(handler: watcher, loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()

        // The first request arrives whole at once: its check is due at 2 s.
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"))
        watcher.requestComplete()
        loop.advanceTime(by: .milliseconds(1_200))
        // The second starts at 1.2 s (its deadline: 3.2 s) and is still arriving when the first check runs.
        try channel.writeInbound(ByteBuffer(string: "GET / HT"))
        loop.advanceTime(by: .milliseconds(1_000))
        #expect(channel.isActive, "closed at the first request's deadline")
        loop.advanceTime(by: .milliseconds(900))
        #expect(channel.isActive, "closed before the second request's deadline")
        loop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive, "still open after the second request's deadline")
    }

    @Test("Between requests nothing is due; the next request's first byte starts its own deadline")
    func idleBetweenRequests() throws {
        let loop = EmbeddedEventLoop()
        let watcher = RequestStartWatcher(deadline: .seconds(2))
        let channel = EmbeddedChannel(handler: watcher, loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()

        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\n\r\n"))
        watcher.requestComplete()
        loop.advanceTime(by: .seconds(10))
        #expect(channel.isActive, "closed between requests")
        try channel.writeInbound(ByteBuffer(string: "GET"))
        loop.advanceTime(by: .milliseconds(1_900))
        #expect(channel.isActive, "closed before the request's deadline")
        loop.advanceTime(by: .milliseconds(200))
        #expect(!channel.isActive, "still open after the request's deadline")
    }
}
