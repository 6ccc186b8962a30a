import Clerk
import Foundation
import NIOConcurrencyHelpers

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The SDK overhead's reference: one recorded Frontend API request sent with `URLSession` directly,
/// over a session configured as `URLSessionTransport` configures its own, the answer's body parsed
/// with `JSONSerialization` and nothing else.
struct RawFrontendRequest: Sendable {
    private let request: URLRequest
    private let session: URLSession

    init(_ recorded: TransportRequest) {
        var request = URLRequest(url: recorded.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
        request.httpMethod = recorded.method.rawValue
        request.httpShouldHandleCookies = false
        for field in recorded.headers { request.setValue(field.value, forHTTPHeaderField: field.name) }
        request.httpBody = recorded.body
        self.request = request
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    func send() async throws {
        let (data, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], object["response"] is [String: Any]
        else { throw BenchmarkError("the replayed request was not answered with a sign-in") }
    }
}

/// Sends through `URLSessionTransport` and keeps the last request sent.
final class CapturingTransport: HTTPTransport {
    private let transport = URLSessionTransport()
    private let last = NIOLockedValueBox<TransportRequest?>(nil)

    var request: TransportRequest? { last.withLockedValue { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        last.withLockedValue { $0 = request }
        return try await transport.send(request)
    }
}
