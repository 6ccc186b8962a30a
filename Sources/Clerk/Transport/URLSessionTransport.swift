import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: `URLSession` (FoundationNetworking on Linux).
///
/// Cookies are neither stored nor sent: a native client identifies itself with the client
/// token in `Authorization` only.
///
/// A request that may not repeat (`TransportRequest.mayRepeat` false: creating, preparing,
/// attempting, account changes) is sent at most once. On Linux, FoundationNetworking's libcurl
/// re-sends a request by itself when a kept-alive connection turns out to be dead, and re-sends it
/// without its body; such requests therefore travel on a connection of their own there
/// (`ConnectionReuse.freshForRequestsThatMayNotRepeat`, about 0.6 ms more per request on loopback,
/// plus one TCP and TLS handshake on a real network).
public struct URLSessionTransport: HTTPTransport {
    /// Which requests may travel on a kept-alive connection.
    public enum ConnectionReuse: Sendable, Hashable {
        /// Every request may reuse a connection.
        case always
        /// Requests that may not repeat get a connection of their own; the others reuse connections.
        case freshForRequestsThatMayNotRepeat

        /// `freshForRequestsThatMayNotRepeat` with FoundationNetworking (Linux), whose libcurl
        /// re-sends requests behind the caller's back; `always` on Apple platforms, whose URL
        /// loading does not re-send requests that may not repeat.
        public static var platformDefault: ConnectionReuse {
            #if canImport(FoundationNetworking)
                .freshForRequestsThatMayNotRepeat
            #else
                .always
            #endif
        }
    }

    private let session: URLSession
    private let makeOwnSession: @Sendable () -> URLSession
    private let timeout: TimeInterval
    private let reuse: ConnectionReuse

    /// A transport over an ephemeral session.
    /// - Parameters:
    ///   - timeout: the longest wait for one request's answer, in seconds.
    ///   - connectionReuse: which requests may reuse a kept-alive connection.
    public init(timeout: TimeInterval = 30, connectionReuse: ConnectionReuse = .platformDefault) {
        let makeSession: @Sendable () -> URLSession = { URLSession(configuration: Self.configuration(timeout: timeout)) }
        self.session = makeSession()
        self.makeOwnSession = makeSession
        self.timeout = timeout
        self.reuse = connectionReuse
    }

    /// A transport over a session you configure. Requests that get a connection of their own use
    /// a new session with the same configuration.
    public init(session: URLSession, timeout: TimeInterval = 30, connectionReuse: ConnectionReuse = .platformDefault) {
        let configuration = session.configuration
        self.session = session
        self.makeOwnSession = { URLSession(configuration: configuration) }
        self.timeout = timeout
        self.reuse = connectionReuse
    }

    private static func configuration(timeout: TimeInterval) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = timeout
        return configuration
    }

    /// Sends the request.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // Set through the property: swift-corelibs-foundation ignores the initializer's timeout.
        urlRequest.timeoutInterval = timeout
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        let ownSession = reuse == .freshForRequestsThatMayNotRepeat && !request.mayRepeat ? makeOwnSession() : nil
        defer { ownSession?.finishTasksAndInvalidate() }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await (ownSession ?? session).data(for: urlRequest)
        } catch let error as URLError {
            throw Self.map(error, url: request.url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError(.other, detail: String(describing: type(of: error)))
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError(.other, detail: "the answer is not HTTP")
        }
        var headers = TransportHeaders()
        for (name, value) in http.allHeaderFields {
            headers.append(name: String(describing: name), value: String(describing: value))
        }
        return TransportResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// The transport failure for `error`; its detail names what was tried (scheme, host and
    /// port of `url`, never its path or query).
    static func map(_ error: URLError, url: URL? = nil) -> any Error {
        let tried = url.flatMap(Self.origin).map { "\($0) (\(url?.scheme ?? "?"))" } ?? ""
        switch error.code {
        case .cancelled: return CancellationError()
        case .timedOut: return TransportError(.timedOut, detail: tried)
        case .networkConnectionLost: return TransportError(.connectionLost, detail: tried)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: return TransportError(.cannotConnect, detail: tried)
        case .notConnectedToInternet: return TransportError(.notConnected, detail: tried)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return TransportError(.secureConnectionFailed, detail: tried)
        case .unknown where Self.isCutShort(error):
            return TransportError(.connectionLost, detail: "the answer was cut short" + (tried.isEmpty ? "" : " by \(tried)"))
        default:
            return TransportError(.other, detail: "URLError \(error.code.rawValue)" + (tried.isEmpty ? "" : " for \(tried)"))
        }
    }

    /// Whether FoundationNetworking reports a body that ended before its declared length (libcurl's
    /// "transfer closed with N bytes remaining to read"), which it gives no code of its own.
    private static func isCutShort(_ error: URLError) -> Bool {
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.localizedDescription ?? ""
        return [error.localizedDescription, underlying].contains { $0.contains("transfer closed with") }
    }

    /// `scheme://host[:port]` of `url`.
    private static func origin(_ url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, let host = components.host
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}
