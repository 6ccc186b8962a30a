import Clerk
import Foundation

/// ``OAuthRedirectSession`` for Linux, the command line and desktop apps without
/// `ASWebAuthenticationSession`: a listener on 127.0.0.1 is the redirect URL
/// (`http://127.0.0.1:<port>/oauth-callback`), the provider's page is shown to the user
/// (``SystemBrowser/present(_:)`` by default: the system browser where there is one, the URL printed
/// otherwise), and the browser's arrival at the listener is the callback. The browser is shown a
/// page saying it can be closed.
///
/// The listener runs on a thread of its own and reads only the request line; any other request (another
/// path, another method, a head over `requestLimit` bytes) is answered with its error and the wait goes on.
/// The wait ends with `OAuthRedirectFailure.timedOut(after:)` after `timeout`, and with
/// `ClerkError.cancelled` when the calling task is cancelled. One callback per ``redirectURL()``.
///
/// The instance must allow the redirect URL (Clerk's dashboard: allowed redirect URLs; a fixed
/// `port` makes it one URL to allow).
public final class LoopbackRedirectSession: OAuthRedirectSession {
    /// The port to listen on; 0 (the default) takes a free port the system picks.
    public let port: UInt16
    /// The redirect URL's path.
    public let path: String
    /// How long ``open(_:redirectURL:)`` waits for the browser.
    public let timeout: Duration
    /// The most bytes of a request head the listener reads; a longer one is answered 431.
    public let requestLimit: Int
    /// The HTML the browser is shown when it arrives.
    public let closingPage: String
    private let present: @Sendable (URL) async throws -> Void
    private let listener = Protected<(listener: LoopbackListener, url: URL)?>(nil)

    /// The page shown by default once the browser has come back.
    public static let defaultClosingPage =
        "<!doctype html><meta charset=\"utf-8\"><title>Signed in</title>"
        + "<p>You can close this window and return to the application.</p>"

    /// A session listening on `port` (0: a free one) for `path`, waiting up to `timeout`.
    /// - Parameters:
    ///   - port: the loopback port to listen on; 0 picks a free one, which goes into ``redirectURL()``.
    ///   - path: the callback's path; a request for any other path is answered 404.
    ///   - timeout: how long to wait for the browser to come back.
    ///   - requestLimit: the most bytes of a request head read; a larger one is answered 431.
    ///   - closingPage: the HTML shown to the browser once it has come back.
    ///   - present: shows the provider's page to the user; ``SystemBrowser/present(_:)`` by
    ///     default. Tests pass a function that plays the browser instead. When it throws, the sign-in
    ///     stops with `FlowError.answerProviderFailed`.
    public init(
        port: UInt16 = 0, path: String = "/oauth-callback", timeout: Duration = .seconds(300), requestLimit: Int = 16_384,
        closingPage: String = LoopbackRedirectSession.defaultClosingPage,
        present: @escaping @Sendable (URL) async throws -> Void = SystemBrowser.present
    ) {
        self.port = port
        self.path = path.hasPrefix("/") ? path : "/" + path
        self.timeout = timeout
        self.requestLimit = requestLimit
        self.closingPage = closingPage
        self.present = present
    }

    deinit {
        listener.withValue { $0?.listener.stop() }
    }

    /// Starts listening (once until the next ``open(_:redirectURL:)``) and returns
    /// `http://127.0.0.1:<port><path>`.
    /// - Throws: `OAuthRedirectFailure.listenerUnavailable(reason:)` when the port cannot be bound.
    public func redirectURL() async throws(ClerkError) -> URL {
        let port = port
        let path = path
        let result = listener.withValue { current -> Result<URL, ClerkError> in
            if let current { return .success(current.url) }
            let started: LoopbackListener
            do throws(LoopbackListener.ListenerError) {
                started = try LoopbackListener(port: port)
            } catch {
                return .failure(.flow(.oauthRedirect(.listenerUnavailable(reason: error.reason))))
            }
            guard let url = URL(string: "http://127.0.0.1:\(started.port)\(path)") else {
                started.stop()
                return .failure(.invalidInput(InvalidInput(field: "path", reason: "not a URL path")))
            }
            current = (started, url)
            return .success(url)
        }
        return try result.get()
    }

    /// Shows `url` to the user and waits for the browser to reach the listener; returns the URL it
    /// reached, with its query. Stops listening whatever the outcome.
    /// - Throws: `ClerkError.cancelled` when the task is cancelled;
    ///   `OAuthRedirectFailure.timedOut(after:)` after `timeout`; `FlowError.answerProviderFailed`
    ///   when `present` throws or ``redirectURL()`` was not called first.
    public func open(_ url: URL, redirectURL: URL) async throws(ClerkError) -> URL {
        let taken = listener.withValue { current in
            defer { current = nil }
            return current
        }
        guard let (listener, listening) = taken, listening == redirectURL else {
            taken?.listener.stop()
            throw .flow(.answerProviderFailed("the loopback listener is not listening at that redirect URL (call redirectURL() first)"))
        }
        // Listening before the page is shown: a `present` that plays the browser may wait for its answer.
        listener.start(
            path: path, timeout: timeout, page: LoopbackResponse.page(status: "200 OK", html: closingPage), requestLimit: requestLimit)
        do {
            try await present(url)
        } catch {
            listener.stop()
            _ = await listener.outcome()
            if error is CancellationError || Task.isCancelled { throw .cancelled }
            // Not the error's text: it may name the page's URL, whose query holds the OAuth state.
            throw .flow(.answerProviderFailed("the provider's page could not be shown (\(type(of: error)))"))
        }
        let outcome = await listener.outcome()
        switch outcome {
        case .arrived(let target):
            guard let callback = URL(string: "http://127.0.0.1:\(listener.port)" + target) else {
                throw .flow(.answerProviderFailed("the browser came back to a URL that cannot be read"))
            }
            return callback
        case .timedOut: throw .flow(.oauthRedirect(.timedOut(after: timeout)))
        case .cancelled: throw .cancelled
        case .failed(let reason): throw .flow(.oauthRedirect(.listenerUnavailable(reason: reason)))
        }
    }
}
