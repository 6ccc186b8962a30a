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

/// The front half of `RequestDeadlineHandler`: notes a request's first byte, and closes the
/// connection when a request has been arriving for longer than the deadline.
///
/// A connection has at most one check scheduled, and the check schedules the next one itself:
/// requests on a kept-alive connection only note their start, because scheduling and cancelling a
/// timer per request (a lock, an allocation and a timer syscall on the event loop) cost the
/// create-sign-in benchmark about a tenth of its throughput.
final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let deadline: TimeAmount
    /// When the request being read sent its first byte; nil between requests.
    private var requestStartedAt: NIODeadline?
    private var check: Scheduled<Void>?

    init(deadline: TimeAmount) {
        self.deadline = deadline
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if requestStartedAt == nil {
            let now = context.eventLoop.now
            requestStartedAt = now
            // A check already scheduled is due no later than this request's deadline (it was set
            // from an earlier start), and reschedules itself for this request when it runs.
            if check == nil { scheduleCheck(at: now + deadline, context: context) }
        }
        context.fireChannelRead(data)
    }

    /// The request's end was decoded: the next byte starts the next request's deadline.
    func requestComplete() {
        requestStartedAt = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    private func stop() {
        requestStartedAt = nil
        check?.cancel()
        check = nil
    }

    private func scheduleCheck(at time: NIODeadline, context: ChannelHandlerContext) {
        check = context.eventLoop.assumeIsolated().scheduleTask(deadline: time) { [self] in
            runCheck(context: context)
        }
    }

    /// Closes the connection if the request being read is past its deadline; otherwise checks again
    /// at that request's deadline, or not at all between requests (the next first byte schedules).
    private func runCheck(context: ChannelHandlerContext) {
        check = nil
        guard let started = requestStartedAt else { return }
        let due = started + deadline
        if due <= context.eventLoop.now {
            context.close(promise: nil)
        } else {
            scheduleCheck(at: due, context: context)
        }
    }
}
