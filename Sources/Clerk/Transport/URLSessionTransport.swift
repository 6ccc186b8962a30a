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
            throw Self.map(error)
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

    static func map(_ error: URLError) -> any Error {
        switch error.code {
        case .cancelled: CancellationError()
        case .timedOut: TransportError(.timedOut)
        case .networkConnectionLost: TransportError(.connectionLost)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: TransportError(.cannotConnect)
        case .notConnectedToInternet: TransportError(.notConnected)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            TransportError(.secureConnectionFailed)
        default: TransportError(.other, detail: "URLError \(error.code.rawValue)")
        }
    }
}
