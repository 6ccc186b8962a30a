import Foundation
import Testing

@testable import Clerk
@testable import ClerkOAuth

/// The loopback redirect session over real sockets on 127.0.0.1: a test client plays the browser.
@Suite("OAuth: the loopback redirect session")
struct LoopbackRedirectSessionTests {
    static let page = URL(string: "https://provider.example/authorize?state=s")!

    /// A browser that asks for `target` once the page is presented, and keeps the listener's answer.
    final class Browser: Sendable {
        let answers = Protected<[String]>([])
        let presented = Protected<[URL]>([])

        /// Presents by sending each of `requests` in turn (each on a connection of its own) to the session's port.
        func present(_ requests: [String], port: @escaping @Sendable () -> UInt16) -> @Sendable (URL) async throws -> Void {
            { page in
                self.presented.withValue { $0.append(page) }
                for request in requests {
                    let answer = try await LoopbackClient.exchange(port: port(), request)
                    self.answers.withValue { $0.append(answer) }
                }
            }
        }
    }

    static func get(_ target: String, method: String = "GET", extra: String = "") -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: test\r\n\(extra)\r\n"
    }

    @Test("The browser's GET of the callback path is the callback: its URL with the query, and the page says to close the window")
    func arrival() async throws {
        let browser = Browser()
        let port = Protected<UInt16>(0)
        let session = LoopbackRedirectSession(
            timeout: .seconds(30), present: browser.present([Self.get("/oauth-callback?rotating_token_nonce=n0nce")]) { port.withValue { $0 } })
        let redirect = try await session.redirectURL()
        #expect(try await session.redirectURL() == redirect, "one listener until the page opens")
        #expect(redirect.scheme == "http" && redirect.host == "127.0.0.1" && redirect.path == "/oauth-callback")
        let bound = try #require(redirect.port.map(UInt16.init))
        #expect(bound != 0)
        port.withValue { $0 = bound }

        let callback = try await session.open(Self.page, redirectURL: redirect)

        #expect(callback.absoluteString == redirect.absoluteString + "?rotating_token_nonce=n0nce")
        #expect(browser.presented.withValue { $0 } == [Self.page])
        let answer = try #require(browser.answers.withValue { $0 }.first)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.contains("Connection: close"))
        #expect(answer.contains("You can close this window"))
        #expect(throws: LoopbackClient.Failure.self, "the listener is closed after the callback") { try LoopbackClient(port: bound) }
    }

    @Test("Other paths, other methods, malformed and oversized requests are answered with their error and the wait goes on")
    func refusals() async throws {
        let browser = Browser()
        let port = Protected<UInt16>(0)
        let oversized = Self.get("/oauth-callback?rotating_token_nonce=big", extra: "Cookie: \(String(repeating: "a", count: 20_000))\r\n")
        let requests = [
            Self.get("/favicon.ico"), Self.get("/oauth-callback-not?x=1"), Self.get("/oauth-callback?rotating_token_nonce=p", method: "POST"),
            Self.get("/oauth-callback", method: "HEAD"), "garbage\r\n\r\n", oversized, Self.get("/oauth-callback?rotating_token_nonce=right"),
        ]
        let session = LoopbackRedirectSession(timeout: .seconds(30), present: browser.present(requests) { port.withValue { $0 } })
        let redirect = try await session.redirectURL()
        port.withValue { $0 = UInt16(redirect.port ?? 0) }

        let callback = try await session.open(Self.page, redirectURL: redirect)

        #expect(callback.query == "rotating_token_nonce=right")
        let statuses = browser.answers.withValue { $0 }.map { $0.split(separator: "\r\n").first.map(String.init) ?? "" }
        #expect(
            statuses == [
                "HTTP/1.1 404 Not Found", "HTTP/1.1 404 Not Found", "HTTP/1.1 404 Not Found", "HTTP/1.1 404 Not Found",
                "HTTP/1.1 400 Bad Request", "HTTP/1.1 431 Request Header Fields Too Large", "HTTP/1.1 200 OK",
            ])
    }

    @Test("An idle connection (a browser's speculative one) does not hold up the callback on another")
    func idleConnection() async throws {
        let browser = Browser()
        let port = Protected<UInt16>(0)
        let idle = Protected<LoopbackClient?>(nil)
        let play = browser.present([Self.get("/oauth-callback?rotating_token_nonce=n")]) { port.withValue { $0 } }
        let session = LoopbackRedirectSession(timeout: .seconds(30)) { page in
            let connection = try LoopbackClient(port: port.withValue { $0 })
            connection.write("GET /oauth-callback?rotating_token_nonce=never HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            idle.withValue { $0 = connection }
            try await play(page)
        }
        let redirect = try await session.redirectURL()
        port.withValue { $0 = UInt16(redirect.port ?? 0) }
        let callback = try await session.open(Self.page, redirectURL: redirect)
        #expect(callback.query == "rotating_token_nonce=n")
        let connection = try #require(idle.withValue { $0 })
        #expect(connection.response() == "", "the unfinished request is closed unanswered")
        connection.disconnect()
    }

    @Test("No browser before the time-out is a time-out, not a cancellation; the port is closed")
    func timeout() async throws {
        let session = LoopbackRedirectSession(timeout: .milliseconds(200)) { _ in }
        let redirect = try await session.redirectURL()
        await #expect(throws: ClerkError.flow(.oauthRedirect(.timedOut(after: .milliseconds(200))))) {
            try await session.open(Self.page, redirectURL: redirect)
        }
        #expect(throws: LoopbackClient.Failure.self) { try LoopbackClient(port: UInt16(redirect.port ?? 0)) }
    }

    @Test("Cancelling the task waiting for the browser ends the wait as cancelled and closes the port")
    func cancellation() async throws {
        let shown = AsyncStream<Void>.makeStream()
        let session = LoopbackRedirectSession(timeout: .seconds(600)) { _ in shown.continuation.yield() }
        let redirect = try await session.redirectURL()
        let waiting = Task { try await session.open(Self.page, redirectURL: redirect) }
        var iterator = shown.stream.makeAsyncIterator()
        await iterator.next()
        waiting.cancel()
        let result = await waiting.result
        #expect(throws: ClerkError.cancelled) { try result.get() }
        #expect(throws: LoopbackClient.Failure.self) { try LoopbackClient(port: UInt16(redirect.port ?? 0)) }
    }

    @Test("A presenter that fails stops the sign-in without naming the page's URL")
    func presenterFails() async throws {
        struct Unopenable: Error {}
        let session = LoopbackRedirectSession { _ in throw Unopenable() }
        let redirect = try await session.redirectURL()
        let error = await #expect(throws: ClerkError.self) { try await session.open(Self.page, redirectURL: redirect) }
        guard case .flow(.answerProviderFailed(let reason)) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(!reason.contains("state="))
        #expect(throws: LoopbackClient.Failure.self) { try LoopbackClient(port: UInt16(redirect.port ?? 0)) }
    }

    @Test("A given port is listened on; a port already taken is a listener failure; open before redirectURL is refused")
    func ports() async throws {
        let first = LoopbackRedirectSession { _ in }
        let taken = try #require(try await first.redirectURL().port)
        let second = LoopbackRedirectSession(port: UInt16(taken)) { _ in }
        let error = await #expect(throws: ClerkError.self) { try await second.redirectURL() }
        guard case .flow(.oauthRedirect(.listenerUnavailable)) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        let unopened = LoopbackRedirectSession { _ in }
        await #expect(throws: ClerkError.self) { try await unopened.open(Self.page, redirectURL: URL(string: "http://127.0.0.1:1/oauth-callback")!) }

        // Opened for another redirect URL, the first session refuses and stops listening: the port is the second's now.
        await #expect(throws: ClerkError.self) { try await first.open(Self.page, redirectURL: URL(string: "http://127.0.0.1:1/elsewhere")!) }
        #expect(try await second.redirectURL().port == taken)
    }

    @Test("Request heads: the request line is read once the head ends; bytes past the limit are too large")
    func requestParsing() {
        #expect(LoopbackRequest(Array("GET /a?b HTTP/1.1\r\nHost: x\r\n".utf8), limit: 100) == .incomplete)
        #expect(LoopbackRequest(Array("GET /a?b HTTP/1.1\r\nHost: x\r\n\r\n".utf8), limit: 100) == .request(method: "GET", target: "/a?b"))
        #expect(LoopbackRequest(Array("GET /a HTTP/1.0\n\n".utf8), limit: 100) == .request(method: "GET", target: "/a"))
        #expect(LoopbackRequest(Array("GET http://x/a HTTP/1.1\r\n\r\n".utf8), limit: 100) == .malformed)
        #expect(LoopbackRequest(Array("GET /a\r\n\r\n".utf8), limit: 100) == .malformed)
        #expect(LoopbackRequest(Array(repeating: UInt8(ascii: "a"), count: 100), limit: 100) == .tooLarge)
        #expect(LoopbackRequest(Array("GET /a HTTP/1.1\r\nX: \(String(repeating: "a", count: 200))\r\n\r\n".utf8), limit: 100) == .tooLarge)
        #expect(LoopbackRequest.path(of: "/oauth-callback?x=1") == "/oauth-callback")
    }

    @Test("The system browser is xdg-open on Linux only when a graphical session is there; otherwise the URL is printed")
    func opener() {
        #if os(Linux)
            #expect(SystemBrowser.opener(environment: ["PATH": "/usr/bin:/bin"]) == nil)
            #expect(SystemBrowser.opener(environment: ["PATH": "/nonexistent", "DISPLAY": ":0"]) == nil)
        #endif
    }
}
