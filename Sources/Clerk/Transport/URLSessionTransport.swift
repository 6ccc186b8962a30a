import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: `URLSession` (FoundationNetworking on Linux).
///
/// Cookies are neither stored nor sent: a native client identifies itself with the client
/// token in `Authorization` only.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let timeout: TimeInterval

    /// A transport over an ephemeral session with the given per-request timeout.
    public init(timeout: TimeInterval = 30) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
        self.timeout = timeout
    }

    /// A transport over a session you configure.
    public init(session: URLSession, timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    /// Sends the request.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpShouldHandleCookies = false
        for field in request.headers {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
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
        default:
            return TransportError(.other, detail: "URLError \(error.code.rawValue)" + (tried.isEmpty ? "" : " for \(tried)"))
        }
    }

    /// `scheme://host[:port]` of `url`.
    private static func origin(_ url: URL) -> String? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme, let host = components.host
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}
