import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw TCP connection to 127.0.0.1 for the loopback listener's tests: sends exactly the bytes it is
/// given and reads until the listener closes the connection. Blocking calls with a receive time-out.
struct LoopbackClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let descriptor: Int32

    /// Connects to 127.0.0.1:`port`; throws when nothing listens there.
    init(port: UInt16) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(description: "no socket") }
        var wait = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let descriptor = descriptor
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            _ = close(descriptor)
            throw Failure(description: "connection to 127.0.0.1:\(port) refused")
        }
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let flags = Int32(MSG_NOSIGNAL)
            #else
                let flags: Int32 = 0
            #endif
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    /// Everything the listener sends until it closes the connection (or 10 s pass).
    func response() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    func disconnect() {
        _ = close(descriptor)
    }

    /// Sends one request and returns the answer, on a thread of its own (the calls block).
    static func exchange(port: UInt16, _ request: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                do {
                    let client = try LoopbackClient(port: port)
                    client.write(request)
                    let answer = client.response()
                    client.disconnect()
                    continuation.resume(returning: answer)
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }
}
