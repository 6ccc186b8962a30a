import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP listener on 127.0.0.1 that waits, on a thread of its own, for one GET of `path` and answers it
/// with a page; every other request gets its error page and the wait goes on. Plain platform sockets
/// and `poll`, so that the SDK needs no package: the wait blocks its own thread, never the cooperative pool.
final class LoopbackListener: @unchecked Sendable {
    /// How the wait ended.
    enum Outcome: Equatable {
        /// The browser asked for `target` (`/path?query`) and was shown the page.
        case arrived(target: String)
        case timedOut
        case cancelled
        case failed(String)
    }

    /// The port the listener is bound to.
    let port: UInt16
    private let socket: Int32
    /// Written to wake the waiting thread when the task waiting for it is cancelled.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let closed = Protected(false)
    private let started = Protected(false)
    private let result = Protected<(outcome: Outcome?, waiter: CheckedContinuation<Outcome, Never>?)>((nil, nil))

    /// Connections read at once (a browser opens a few speculatively); the oldest goes beyond it.
    static let maxConnections = 8

    /// Binds 127.0.0.1:`port` (0: a free port the system picks) and listens.
    init(port: UInt16) throws(ListenerError) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            let descriptor = Socket.open()
            guard descriptor >= 0 else { throw ListenerError(reason: "no socket (\(Socket.lastError()))") }
            var pipeEnds: [Int32] = [-1, -1]
            guard pipe(&pipeEnds) == 0 else {
                Socket.close(descriptor)
                throw ListenerError(reason: "no pipe (\(Socket.lastError()))")
            }
            for end in [descriptor] + pipeEnds { Socket.prepare(end) }
            let bound = Socket.bindLoopback(descriptor, port: port)
            guard let bound else {
                let reason = "127.0.0.1:\(port) is not available (\(Socket.lastError()))"
                for end in [descriptor] + pipeEnds { Socket.close(end) }
                throw ListenerError(reason: reason)
            }
            socket = descriptor
            self.port = bound
            wakeRead = pipeEnds[0]
            wakeWrite = pipeEnds[1]
        #else
            throw ListenerError(reason: "this platform has no sockets the SDK can use")
        #endif
    }

    deinit {
        closeAll()
    }

    /// Why the listener could not start.
    struct ListenerError: Error {
        var reason: String
    }

    /// Starts waiting, on a thread of its own, for the GET of `path` until `timeout` ends or
    /// ``stop()`` or a cancelled ``outcome()`` wakes it; it then stops listening. Call it once.
    func start(path: String, timeout: Duration, page: [UInt8], requestLimit: Int) {
        let deadline = ContinuousClock.now + timeout
        started.withValue { $0 = true }
        let thread = Thread { [self] in
            let outcome = serve(path: path, deadline: deadline, page: page, requestLimit: requestLimit)
            closeAll()
            let waiter = result.withValue { state in
                state.outcome = outcome
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: outcome)
        }
        thread.name = "clerk-oauth-loopback"
        thread.start()
    }

    /// How the wait ``start(path:timeout:page:requestLimit:)`` began ended; cancelling the calling
    /// task ends it as `cancelled`.
    func outcome() async -> Outcome {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let ended = result.withValue { state in
                    if state.outcome == nil { state.waiter = continuation }
                    return state.outcome
                }
                if let ended { continuation.resume(returning: ended) }
            }
        } onCancel: {
            wake()
        }
    }

    /// Ends the wait (as `cancelled`), or stops listening when no wait began.
    func stop() {
        wake()
        if !started.withValue({ $0 }) { closeAll() }
    }

    private func wake() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            closed.withValue { isClosed in
                guard !isClosed else { return }
                var byte: UInt8 = 1
                _ = write(wakeWrite, &byte, 1)
            }
        #endif
    }

    private func closeAll() {
        closed.withValue { isClosed in
            guard !isClosed else { return }
            isClosed = true
            #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
                for end in [socket, wakeRead, wakeWrite] { Socket.close(end) }
            #endif
        }
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        private struct Connection {
            var descriptor: Int32
            var received: [UInt8] = []
            /// Answered with an error: what else it sends is read and dropped until the client closes, so
            /// that closing it does not reset the connection before the client has read the answer.
            var answered = false
        }

        private func serve(path: String, deadline: ContinuousClock.Instant, page: [UInt8], requestLimit: Int) -> Outcome {
            var connections: [Connection] = []
            defer { for connection in connections { Socket.close(connection.descriptor) } }
            while true {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else { return .timedOut }
                var watched = [pollfd(fd: wakeRead, events: Socket.readable, revents: 0), pollfd(fd: socket, events: Socket.readable, revents: 0)]
                watched += connections.map { pollfd(fd: $0.descriptor, events: Socket.readable, revents: 0) }
                let ready = poll(&watched, nfds_t(watched.count), Socket.milliseconds(remaining))
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .failed("poll failed (\(Socket.lastError()))")
                }
                if watched[0].revents != 0 { return .cancelled }
                // Connections first (indices shift when one closes): walk them backwards.
                for index in connections.indices.reversed() where watched[index + 2].revents != 0 {
                    switch read(&connections[index], path: path, page: page, requestLimit: requestLimit) {
                    case .waiting: continue
                    case .ended:
                        Socket.close(connections[index].descriptor)
                        connections.remove(at: index)
                    case .arrived(let target):
                        return .arrived(target: target)
                    }
                }
                if watched[1].revents != 0 {
                    let accepted = accept(socket, nil, nil)
                    if accepted >= 0 {
                        Socket.prepare(accepted)
                        if connections.count >= Self.maxConnections {
                            Socket.close(connections.removeFirst().descriptor)
                        }
                        connections.append(Connection(descriptor: accepted))
                    }
                }
            }
        }

        private enum ReadResult {
            case waiting
            case ended
            case arrived(target: String)
        }

        /// Reads what a connection has, and answers it once its head is complete (or too large).
        private func read(_ connection: inout Connection, path: String, page: [UInt8], requestLimit: Int) -> ReadResult {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(connection.descriptor, &buffer, buffer.count, 0)
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .waiting }
            // Closed by the client, or an error: nothing (more) to answer.
            guard count > 0 else { return .ended }
            guard !connection.answered else { return .waiting }
            connection.received += buffer[..<count]
            let answer: [UInt8]
            switch LoopbackRequest(connection.received, limit: requestLimit) {
            case .incomplete:
                return .waiting
            case .tooLarge:
                answer = LoopbackResponse.tooLarge
            case .malformed:
                answer = LoopbackResponse.badRequest
            case .request(let method, let target):
                guard method == "GET", LoopbackRequest.path(of: target) == path else {
                    answer = LoopbackResponse.notFound
                    break
                }
                Socket.send(page, to: connection.descriptor)
                return .arrived(target: target)
            }
            Socket.send(answer, to: connection.descriptor)
            connection.answered = true
            connection.received = []
            return .waiting
        }
    #endif
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// The few socket calls the listener makes, spelled once for each C library.
    private enum Socket {
        static let readable = Int16(POLLIN)

        static func open() -> Int32 {
            #if canImport(Glibc)
                socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
                socket(AF_INET, SOCK_STREAM, 0)
            #endif
        }

        /// Not inherited by a browser the session starts, and never blocking the listener's thread.
        static func prepare(_ descriptor: Int32) {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            #if canImport(Darwin)
                var on: Int32 = 1
                _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
        }

        /// Binds `descriptor` to 127.0.0.1:`port` and listens; the bound port, or nil.
        static func bindLoopback(_ descriptor: Int32, port: UInt16) -> UInt16? {
            var reuse: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            #if canImport(Darwin)
                address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
            #endif
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
            }
            guard bound == 0, listen(descriptor, 16) == 0 else { return nil }
            var actual = sockaddr_in()
            var actualLength = length
            let named = withUnsafeMutablePointer(to: &actual) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &actualLength) }
            }
            guard named == 0 else { return nil }
            return UInt16(bigEndian: actual.sin_port)
        }

        /// Sends `bytes` (a page: small enough for a fresh socket's buffer) and ends the connection's
        /// sending side; the caller closes it.
        static func send(_ bytes: [UInt8], to descriptor: Int32) {
            #if canImport(Darwin)
                let flags: Int32 = 0
            #else
                let flags = Int32(MSG_NOSIGNAL)
            #endif
            var offset = 0
            var attempts = 0
            while offset < bytes.count, attempts < 100 {
                let sent = bytes[offset...].withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, flags) }
                if sent > 0 {
                    offset += sent
                } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                    attempts += 1
                    var writable = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&writable, 1, 100)
                } else {
                    break
                }
            }
            #if canImport(Glibc)
                _ = shutdown(descriptor, Int32(SHUT_WR))
            #else
                _ = shutdown(descriptor, SHUT_WR)
            #endif
        }

        private static func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
            #if canImport(Glibc)
                Glibc.send(descriptor, bytes, count, flags)
            #elseif canImport(Musl)
                Musl.send(descriptor, bytes, count, flags)
            #else
                Darwin.send(descriptor, bytes, count, flags)
            #endif
        }

        static func close(_ descriptor: Int32) {
            #if canImport(Glibc)
                _ = Glibc.close(descriptor)
            #elseif canImport(Musl)
                _ = Musl.close(descriptor)
            #else
                _ = Darwin.close(descriptor)
            #endif
        }

        /// `poll`'s time-out for `duration`, rounded up, at most a minute (it is computed again each turn).
        static func milliseconds(_ duration: Duration) -> Int32 {
            let (seconds, attoseconds) = duration.components
            let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            return Int32(min(max(total, 1), 60_000))
        }

        static func lastError() -> String {
            String(cString: strerror(errno))
        }
    }
#endif
