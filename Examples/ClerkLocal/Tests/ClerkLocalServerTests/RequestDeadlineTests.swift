import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

#if canImport(Glibc)
    import Glibc

    /// A request must arrive whole (head and body) within the request deadline of its first byte: a
    /// client trickling bytes is not idle, so the idle timeout alone never closes its connection.
    @Suite("The request deadline")
    struct RequestDeadlineTests {
        /// A TCP connection to the server, written a few bytes at a time.
        final class RawConnection {
            let descriptor: Int32

            init(port: Int) throws {
                descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                address.sin_addr.s_addr = inet_addr("127.0.0.1")
                let connected = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            }

            deinit { close(descriptor) }

            /// Sends `text`; false when the server has closed the connection.
            func send(_ text: String) -> Bool {
                let bytes = Array(text.utf8)
                return Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count
            }

            /// Whether the server closed the connection or answered (without waiting).
            var closedOrAnswered: Bool {
                var byte: UInt8 = 0
                let received = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT))
                return received >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
            }

            /// Sends `text` a byte every 200 ms; answers whether the server closed the connection (or
            /// answered) before the last byte was sent. An answer after the last byte is the request
            /// served whole, so it counts as not closed.
            func trickle(_ text: String) async throws -> Bool {
                for character in text {
                    if closedOrAnswered || !send(String(character)) { return true }
                    try await Task.sleep(for: .milliseconds(200))
                }
                return false
            }

            /// Reads one answer (its body by its Content-Length); answers its status line, or "" when the
            /// connection closes or nothing whole arrives within 2 minutes (a starved test process is
            /// slow, not wrong). It never blocks its thread: a
            /// test blocked in `recv` holds one of the few threads the server needs to answer it.
            func readAnswer() async throws -> String {
                var received = [UInt8]()
                let deadline = ContinuousClock.now + .seconds(120)
                while ContinuousClock.now < deadline {
                    if let status = Self.statusLine(ofWholeAnswer: received) { return status }
                    var chunk = [UInt8](repeating: 0, count: 4096)
                    let count = recv(descriptor, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                    if count > 0 {
                        received += chunk.prefix(count)
                    } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK) {
                        return ""
                    } else {
                        try await Task.sleep(for: .milliseconds(10))
                    }
                }
                return ""
            }

            /// The status line once `bytes` hold a whole answer (head and a body of its Content-Length).
            private static func statusLine(ofWholeAnswer bytes: [UInt8]) -> String? {
                let separator = Array("\r\n\r\n".utf8)
                guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
                let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                let length =
                    lines.first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
                return bytes.count >= end + separator.count + length ? lines.first ?? "" : nil
            }
        }

        static func server() async throws -> RunningServer {
            try await LocalFrontendAPI.start(options: ListeningOptions(requestDeadline: .seconds(1)))
        }

        @Test("A body trickled a byte at a time: the connection is closed before the body is whole")
        func slowBody() async throws {
            let server = try await Self.server()
            let connection = try RawConnection(port: server.port)
            let body = "email_address=" + String(repeating: "a", count: 60)
            #expect(
                connection.send(
                    "POST /v1/client/sign_ups HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                        + "Content-Length: \(body.utf8.count)\r\n\r\n"))
            #expect(try await connection.trickle(body), "the connection was still open after the whole body")
            await server.shutdown()
        }

        @Test("A head trickled a byte at a time: the connection is closed before the head is whole")
        func slowHead() async throws {
            let server = try await Self.server()
            let connection = try RawConnection(port: server.port)
            let head = "GET /v1/environment HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + String(repeating: "a", count: 40) + "\r\n\r\n"
            #expect(try await connection.trickle(head), "the connection was still open after the whole head")
            await server.shutdown()
        }

        @Test("Time between requests on a kept-alive connection does not count: both are answered")
        func idleBetweenRequests() async throws {
            let server = try await Self.server()
            let connection = try RawConnection(port: server.port)
            let request = "GET /v1/environment HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            #expect(connection.send(request))
            #expect(try await connection.readAnswer().hasPrefix("HTTP/1.1 200"))
            // Longer than the deadline, shorter than the idle timeout.
            try await Task.sleep(for: .seconds(2))
            #expect(connection.send(request))
            #expect(try await connection.readAnswer().hasPrefix("HTTP/1.1 200"))
            await server.shutdown()
        }
    }
#endif
