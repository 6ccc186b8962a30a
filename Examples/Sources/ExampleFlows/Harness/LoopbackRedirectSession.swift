import Clerk
import ClerkOAuth
import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// `OAuthRedirectSession` for Linux and the command line, as `gh auth login` does it: a listener on
/// 127.0.0.1 and a free port is the redirect URL; the provider's page opens in a browser (a person's,
/// or `browse` playing one); the browser's arrival at the listener is the callback.
final class LoopbackRedirectSession: OAuthRedirectSession {
    private struct Listening {
        var url: URL
        var callbacks: AsyncStream<URL>
        var run: Task<Void, any Error>
    }

    /// Opens the provider's page: the person's browser, or HTTP requests playing the person.
    let browse: @Sendable (URL) async throws -> Void
    let timeout: Duration
    private let listening = NIOLockedValueBox<Listening?>(nil)

    init(timeout: Duration = .seconds(60), browse: @escaping @Sendable (URL) async throws -> Void) {
        self.timeout = timeout
        self.browse = browse
    }

    func redirectURL() async throws(ClerkError) -> URL {
        if let url = listening.withLockedValue({ $0?.url }) { return url }
        let (callbacks, callbackContinuation) = AsyncStream<URL>.makeStream()
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let router = Router()
        router.get("/oauth-callback") { request, _ in
            let url = URL(string: "http://127.0.0.1" + request.uri.description)
            if let url { callbackContinuation.yield(url) }
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: Self.closingPage)))
        }
        // Quiet: the run's output may be its JSON report.
        var logger = Logger(label: "oauth-loopback")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            }, logger: logger)
        let run = Task { try await app.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port != 0, let url = URL(string: "http://127.0.0.1:\(port)/oauth-callback") else {
            run.cancel()
            throw .flow(.answerProviderFailed("the loopback listener for the OAuth callback did not start"))
        }
        listening.withLockedValue { $0 = Listening(url: url, callbacks: callbacks, run: run) }
        return url
    }

    static let closingPage = "<!doctype html><title>Signed in</title><p>You can close this window and return to the terminal.</p>"

    func open(_ url: URL, redirectURL: URL) async throws(ClerkError) -> URL {
        guard let listening = listening.withLockedValue({ $0 }) else {
            throw .flow(.answerProviderFailed("the loopback listener was not started (redirectURL() first)"))
        }
        defer { stop() }
        do {
            try await browse(url)
        } catch {
            // The error may name the URL, whose query holds the state and the nonce.
            throw .flow(.answerProviderFailed("the browser could not open the provider's page (\(type(of: error)))"))
        }
        let timeout = timeout
        let callback = await withTaskGroup(of: URL?.self) { group in
            group.addTask {
                var iterator = listening.callbacks.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let callback else { throw .cancelled }
        return callback
    }

    /// Stops listening: one callback per sign-in.
    func stop() {
        listening.withLockedValue { state in
            state?.run.cancel()
            state = nil
        }
    }
}
