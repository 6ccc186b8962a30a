import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request has not arrived whole (head and body) within `deadline` of its
/// first byte. Hummingbird's idle timeout closes silent connections only: a client sending a byte now
/// and then keeps a connection, and a task waiting for its body, for as long as it likes.
///
/// Two handlers share the deadline: `RequestDeadlineHandler` sees the request parts (after HTTP
/// decoding, where Hummingbird adds handlers) and learns there when a request is complete; the
/// `RequestStartWatcher` it puts at the front of the pipeline sees the bytes, and starts the clock
/// on the first byte of a request.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private let watcher: RequestStartWatcher

    init(deadline: Duration) {
        watcher = RequestStartWatcher(deadline: TimeAmount(deadline))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        do {
            try context.pipeline.syncOperations.addHandler(watcher, position: .first)
        } catch {
            context.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) { watcher.requestComplete() }
        context.fireChannelRead(data)
    }
}

/// The front half of `RequestDeadlineHandler`: starts the deadline on a request's first byte.
final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let deadline: TimeAmount
    private var timer: Scheduled<Void>?

    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if timer == nil {
            let channel = context.channel
            timer = context.eventLoop.scheduleTask(in: deadline) { channel.close(promise: nil) }
        }
        context.fireChannelRead(data)
    }

    /// The request's end was decoded: the next byte starts the next request's deadline.
    func requestComplete() {
        timer?.cancel()
        timer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        requestComplete()
        context.fireChannelInactive()
    }
}
