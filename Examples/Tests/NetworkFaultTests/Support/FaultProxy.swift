import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// What the proxy does with one request.
enum Fault: Sendable, Equatable {
    /// Forward it and pass the answer back.
    case none
    /// Reset the connection without forwarding: the server never sees the request.
    case resetBeforeServer
    /// Forward it (the server applies it), then reset the connection instead of answering.
    case resetAfterServer
    /// Answer this instead, without forwarding (a gateway page, a captive portal, a 429).
    case answerInstead(Canned)
    /// Forward it (the server applies it), then answer this instead of the server's answer.
    case answerAfterServer(Canned)
    /// Forward it, then send the server's answer cut in half and close the connection.
    case cutShortAfterServer
    /// Wait this long, then forward it.
    case delay(Duration)
}

/// An answer the proxy makes up.
struct Canned: Sendable, Equatable {
    var status: Int
    var contentType: String
    var body: String
    var headers: [String: String] = [:]

    static let badGateway = Canned(status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>")
    static let captivePortal = Canned(status: 200, contentType: "text/html; charset=utf-8", body: "<html><body>Accept the Wi-Fi terms</body></html>")
}

/// One request as the proxy received it.
struct ProxiedRequest: Sendable, CustomStringConvertible {
    /// The inbound connection it came on (0, 1, …), and its place on that connection (0 for the first).
    var connection: Int
    var indexOnConnection: Int
    var method: String
    var path: String
    /// The body length its headers declared, and the bytes that arrived before the request was handled.
    var declaredLength: Int
    var receivedLength: Int
    var fault: Fault
    /// Whether the server got it.
    var reachedServer: Bool

    var label: String { "\(method) \(path)" }
    var description: String {
        "\(label) [connection \(connection)#\(indexOnConnection), body \(receivedLength)/\(declaredLength), \(reachedServer ? "reached the server" : "not forwarded")]"
    }
}

/// A plain HTTP/1.1 proxy on loopback between the SDK and the local server, applying a fault to the
/// requests its plan picks. It keeps connections alive as the server does, so faults land on reused
/// connections as they do on a real network.
final class FaultProxy: Sendable {
    /// Picks the fault for a request from its method, path and how many requests with that method
    /// and path came before (1 for the first).
    typealias Plan = @Sendable (_ method: String, _ path: String, _ occurrence: Int) -> Fault

    let port: Int
    private let upstreamPort: Int
    private let plan: Plan
    private let state = NIOLockedValueBox(State())
    private let server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
    private let acceptTask: NIOLockedValueBox<Task<Void, Never>?> = NIOLockedValueBox(nil)

    private struct State {
        var log: [ProxiedRequest] = []
        var occurrences: [String: Int] = [:]
        var connections = 0
    }

    private init(server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>, upstreamPort: Int, plan: @escaping Plan) {
        self.server = server
        self.port = server.channel.localAddress?.port ?? 0
        self.upstreamPort = upstreamPort
        self.plan = plan
    }

    /// A proxy listening on a free loopback port, forwarding to `upstreamPort`.
    static func start(upstreamPort: Int, plan: @escaping Plan = { _, _, _ in .none }) async throws -> FaultProxy {
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let proxy = FaultProxy(server: server, upstreamPort: upstreamPort, plan: plan)
        proxy.acceptTask.withLockedValue { $0 = Task { await proxy.acceptConnections() } }
        return proxy
    }

    /// Every request received so far, in order.
    var requests: [ProxiedRequest] { state.withLockedValue { $0.log } }

    /// The requests other than reads (GET), in order.
    var writes: [ProxiedRequest] { requests.filter { $0.method != "GET" } }

    var url: String { "http://127.0.0.1:\(port)" }

    func shutdown() async {
        try? await server.channel.close()
        acceptTask.withLockedValue { $0?.cancel() }
    }

    private func acceptConnections() async {
        try? await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { connections in
                for try await connection in connections {
                    let number = state.withLockedValue { state in
                        defer { state.connections += 1 }
                        return state.connections
                    }
                    group.addTask { await self.serve(connection, number: number) }
                }
            }
        }
    }

    private func serve(_ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, number: Int) async {
        let channel = connection.channel
        try? await connection.executeThenClose { inbound, outbound in
            var reader = RequestReader(inbound.makeAsyncIterator())
            var index = 0
            while let request = try await reader.next() {
                defer { index += 1 }
                let key = "\(request.method) \(request.path)"
                let occurrence = state.withLockedValue { state in
                    state.occurrences[key, default: 0] += 1
                    return state.occurrences[key] ?? 1
                }
                let complete = request.body.readableBytes >= request.declaredLength
                let fault = complete ? plan(request.method, request.path, occurrence) : .resetBeforeServer
                var entry = ProxiedRequest(
                    connection: number, indexOnConnection: index, method: request.method, path: request.path,
                    declaredLength: request.declaredLength, receivedLength: request.body.readableBytes, fault: fault, reachedServer: false)
                let logIndex = state.withLockedValue { state in
                    state.log.append(entry)
                    return state.log.count - 1
                }
                func forward() async throws -> ByteBuffer {
                    let answer = try await self.forward(request)
                    entry.reachedServer = true
                    state.withLockedValue { $0.log[logIndex] = entry }
                    return answer
                }
                switch fault {
                case .none:
                    try await outbound.write(try await forward())
                case .delay(let duration):
                    try await Task.sleep(for: duration)
                    try await outbound.write(try await forward())
                case .resetBeforeServer:
                    try await Self.reset(channel)
                    return
                case .resetAfterServer:
                    _ = try await forward()
                    try await Self.reset(channel)
                    return
                case .answerInstead(let canned):
                    try await outbound.write(Self.encode(canned))
                case .answerAfterServer(let canned):
                    _ = try await forward()
                    try await outbound.write(Self.encode(canned))
                case .cutShortAfterServer:
                    var answer = try await forward()
                    let bytes = answer.readBytes(length: answer.readableBytes) ?? []
                    let headEnd = (Self.find([13, 10, 13, 10], in: bytes) ?? 0) + 4
                    let keep = headEnd + (bytes.count - headEnd) / 2
                    try await outbound.write(ByteBuffer(bytes: bytes[..<keep]))
                    return
                }
            }
        }
    }

    /// Sends `request` to the server on a connection of its own and returns the whole answer, with
    /// the server's `Connection: close` taken out so the SDK keeps its connection to the proxy.
    private func forward(_ request: ReceivedRequest) async throws -> ByteBuffer {
        let upstream = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: upstreamPort) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let raw: [UInt8] = try await upstream.executeThenClose { inbound, outbound in
            var head = request.headLines.filter { !$0.lowercased().hasPrefix("connection:") }
            head.append("Connection: close")
            var out = ByteBuffer(string: head.joined(separator: "\r\n") + "\r\n\r\n")
            out.writeImmutableBuffer(request.body)
            try await outbound.write(out)
            var all: [UInt8] = []
            for try await chunk in inbound { all += chunk.readableBytesView }
            return all
        }
        guard let headEnd = Self.find([13, 10, 13, 10], in: raw) else { return ByteBuffer(bytes: raw) }
        let lines = String(decoding: raw[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
            .filter { !$0.lowercased().hasPrefix("connection:") }
        var answer = ByteBuffer(string: lines.joined(separator: "\r\n"))
        answer.writeBytes(raw[headEnd...])
        return answer
    }

    private static func encode(_ canned: Canned) -> ByteBuffer {
        var head = ["HTTP/1.1 \(canned.status) Proxy", "Content-Type: \(canned.contentType)", "Content-Length: \(canned.body.utf8.count)"]
        head += canned.headers.map { "\($0.key): \($0.value)" }
        return ByteBuffer(string: head.joined(separator: "\r\n") + "\r\n\r\n" + canned.body)
    }

    /// Closes with a TCP reset (SO_LINGER 0), as a dropped connection or a middlebox does.
    private static func reset(_ channel: any Channel) async throws {
        if let socket = channel as? any SocketOptionProvider {
            try await socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).get()
        }
        try await channel.close()
    }

    static func find(_ needle: [UInt8], in haystack: some Collection<UInt8>) -> Int? {
        let bytes = Array(haystack)
        guard bytes.count >= needle.count else { return nil }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle {
            return start
        }
        return nil
    }
}

/// A request read off an inbound connection.
struct ReceivedRequest: Sendable {
    var headLines: [String]
    var method: String
    var path: String
    var declaredLength: Int
    var body: ByteBuffer
}

/// Reads whole requests (head, then `Content-Length` bytes of body) off a connection. A request
/// whose connection ends before its body is complete is returned as it is, so that a body that
/// never came can be seen.
struct RequestReader {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var pending: [UInt8] = []

    init(_ iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator) {
        self.iterator = iterator
    }

    mutating func next() async throws -> ReceivedRequest? {
        var headEnd = FaultProxy.find([13, 10, 13, 10], in: pending)
        while headEnd == nil {
            guard let chunk = try await iterator.next() else { return nil }
            pending += chunk.readableBytesView
            headEnd = FaultProxy.find([13, 10, 13, 10], in: pending)
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: pending[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ")
        let method = parts.first.map(String.init) ?? ""
        let target = parts.count > 1 ? String(parts[1]) : "/"
        let path = String(target.split(separator: "?", maxSplits: 1).first ?? "")
        let declared =
            lines.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        var body = Array(pending[(headEnd + 4)...])
        while body.count < declared {
            guard let chunk = try await iterator.next() else { break }
            body += chunk.readableBytesView
        }
        let used = min(body.count, declared)
        pending = Array(body[used...])
        return ReceivedRequest(headLines: lines, method: method, path: path, declaredLength: declared, body: ByteBuffer(bytes: body[..<used]))
    }
}
