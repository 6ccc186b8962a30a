import NIOCore
import NIOHTTP1
import NIOPosix

/// One keep-alive HTTP/1.1 connection on loopback, one request at a time: the client every
/// measurement uses, so that the server and the bare route are timed through the same code.
///
/// Used by one task only (it owns the channel's reader); a request with no answer for `readTimeout`
/// closes the connection and fails.
final class HTTPConnection {
    struct Reply {
        var status: Int
        /// The `Authorization` header: the client token the local server hands out.
        var authorization: String?
        var body: ByteBuffer
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>
    private let hostHeader: String

    private init(
        inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>,
        outbound: NIOAsyncChannelOutboundWriter<HTTPClientRequestPart>,
        hostHeader: String
    ) {
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = outbound
        self.hostHeader = hostHeader
    }

    /// Connects to `127.0.0.1:port`, runs `body` with the connection, then closes it.
    static func with<Result: Sendable>(
        port: Int, readTimeout: TimeAmount = .seconds(30), _ body: (HTTPConnection) async throws -> Result
    ) async throws -> Result {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(10))
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: readTimeout))
                    try channel.pipeline.syncOperations.addHandler(CloseOnIdle())
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            try await body(HTTPConnection(inbound: inbound, outbound: outbound, hostHeader: "127.0.0.1:\(port)"))
        }
    }

    /// Sends one request and reads its whole answer.
    func send(_ method: HTTPMethod, _ uri: String, form: String? = nil, authorization: String? = nil) async throws -> Reply {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: hostHeader)
        if let authorization { headers.add(name: "Authorization", value: authorization) }
        var body: ByteBuffer?
        if let form {
            let buffer = ByteBuffer(string: form)
            headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
            headers.add(name: "Content-Length", value: String(buffer.readableBytes))
            body = buffer
        } else if method == .POST {
            headers.add(name: "Content-Length", value: "0")
        }
        try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: method, uri: uri, headers: headers)))
        if let body { try await outbound.write(.body(.byteBuffer(body))) }
        try await outbound.write(.end(nil))

        var reply: Reply?
        while let part = try await inbound.next() {
            switch part {
            case .head(let head):
                reply = Reply(status: Int(head.status.code), authorization: head.headers.first(name: "Authorization"), body: ByteBuffer())
            case .body(var chunk):
                reply?.body.writeBuffer(&chunk)
            case .end:
                guard let reply else { throw Failure(description: "answer without a head") }
                return reply
            }
        }
        throw Failure(description: "connection closed before the answer ended")
    }
}

/// Closes a connection that has waited too long for an answer, which ends the read with an error.
private final class CloseOnIdle: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
