import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection to a listening server, bytes in and bytes out: for what an HTTP client
/// will not send (a foreign `Host`) or will not do (connect and then say nothing).
enum RawConnection {
    struct Exchange: Sendable {
        /// The server closed the connection before `waitLimit` ran out.
        var closedByServer: Bool
        var received: String

        /// The status code of the first response line, if any.
        var status: Int? {
            let line = received.split(separator: "\r\n", maxSplits: 1).first ?? ""
            let parts = line.split(separator: " ")
            return parts.count >= 2 ? Int(parts[1]) : nil
        }
    }

    struct Failure: Error {
        var step: String
    }

    /// Connects to `address`:`port` (an IPv4 literal), writes `request` (possibly nothing) and reads
    /// until the server closes the connection or `waitLimit` seconds pass without anything arriving.
    static func exchange(address: String = "127.0.0.1", port: Int, request: String, waitLimit: Int) async throws -> Exchange {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try blockingExchange(address: address, port: port, request: request, waitLimit: waitLimit) })
            }
        }
    }

    /// An IPv4 address of this machine that is not loopback (to reach a server as another machine would).
    static func nonLoopbackIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let socketAddress = entry.pointee.ifa_addr, socketAddress.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var ipv4 = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &ipv4, &text, socklen_t(INET_ADDRSTRLEN)) != nil else { continue }
            let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !address.hasPrefix("127.") { return address }
        }
        return nil
    }

    private static func blockingExchange(address host: String, port: Int, request: String, waitLimit: Int) throws -> Exchange {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(step: "socket") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: waitLimit, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(step: "connect") }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(step: "send") }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[..<count]
            } else {
                // 0: the server closed; -1: the wait limit passed (or a reset, which is a close too).
                let closed = count == 0 || errno == ECONNRESET
                return Exchange(closedByServer: closed, received: String(decoding: received, as: UTF8.self))
            }
        }
    }

    /// A GET with the given `Host` that asks the server to close the connection after answering.
    static func get(_ path: String, host: String, headers: [String] = []) -> String {
        (["GET \(path) HTTP/1.1", "Host: \(host)", "Connection: close"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
    }
}
