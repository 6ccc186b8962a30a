import ClerkAPI
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOConcurrencyHelpers
import NIOCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A minimal Frontend API client behaving as Clerk's native SDKs do on the wire: form bodies,
/// `_is_native=true`, the raw client token in `Authorization`, and keeping whatever token the server
/// answers with. It talks to the router directly or over a real socket.
final class FAPIClient: Sendable {
    /// How requests reach the server.
    enum Connection: Sendable {
        /// A HummingbirdTesting client: straight into the router, or its live one-connection client.
        case testClient(any TestClientProtocol)
        /// Real HTTP to a listening server.
        case socket(URL)
    }

    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var data: Data

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            do {
                return try JSONDecoder().decode(T.self, from: data)
            } catch {
                throw DecodeFailure(text: String(decoding: data, as: UTF8.self), underlying: "\(error)")
            }
        }

        var error: APIError? { (try? decode(ErrorResponse.self))?.errors.first }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:] }
        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    struct DecodeFailure: Error, CustomStringConvertible {
        var text: String
        var underlying: String
        var description: String { "could not decode \(text): \(underlying)" }
    }

    /// An answer kept for the spec validation.
    struct Record: Sendable {
        var operation: String
        var status: Int
        var data: Data
    }

    private struct State {
        var token: String?
        var origin: String?
        var recorded: [Record] = []
    }

    let connection: Connection
    private let state = NIOLockedValueBox(State())

    init(connection: Connection) {
        self.connection = connection
    }

    var token: String? {
        get { state.withLockedValue { $0.token } }
        set { state.withLockedValue { $0.token = newValue } }
    }

    /// The `Origin` header sent, as a browser would.
    var origin: String? {
        get { state.withLockedValue { $0.origin } }
        set { state.withLockedValue { $0.origin = newValue } }
    }

    /// Every answer sent with an operation name, oldest first.
    var recorded: [Record] { state.withLockedValue { $0.recorded } }

    @discardableResult
    func send(
        _ method: String, _ path: String, form: [(String, String)] = [], rawBody: Data? = nil,
        contentType: String? = nil, operation: String? = nil
    ) async throws -> Answer {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        var query = path.hasPrefix("/v1/") ? "_is_native=true" : nil
        if parts.count > 1 { query = parts[1] }
        var headers: [(String, String)] = [("clerk-api-version", "2026-05-12"), ("x-mobile", "1")]
        if let token { headers.append(("Authorization", token)) }
        if let origin { headers.append(("Origin", origin)) }
        var body: Data?
        if let rawBody {
            body = rawBody
            headers.append(("Content-Type", contentType ?? "application/x-www-form-urlencoded"))
        } else if !form.isEmpty {
            body = Data(FormFields(form.map { FormField($0.0, $0.1) }).percentEncoded().utf8)
            headers.append(("Content-Type", "application/x-www-form-urlencoded"))
        }
        let target = parts[0] + (query.map { "?" + $0 } ?? "")
        let answer =
            switch connection {
            case .testClient(let client): try await Self.send(method, target, headers: headers, body: body, to: client)
            case .socket(let baseURL): try await Self.send(method, target, headers: headers, body: body, to: baseURL)
            }
        if let newToken = answer.header("Authorization") { token = newToken.isEmpty ? nil : newToken }
        if let operation {
            state.withLockedValue { $0.recorded.append(Record(operation: operation, status: answer.status, data: answer.data)) }
        }
        return answer
    }

    private static func send(
        _ method: String, _ target: String, headers: [(String, String)], body: Data?,
        to client: any TestClientProtocol
    ) async throws -> Answer {
        var fields = HTTPFields()
        for (name, value) in headers {
            fields.append(HTTPField(name: HTTPField.Name(name)!, value: value))
        }
        let response = try await client.executeRequest(
            uri: target, method: HTTPRequest.Method(method)!, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
        var answerHeaders: [String: String] = [:]
        for field in response.headers {
            answerHeaders[field.name.canonicalName] = answerHeaders[field.name.canonicalName].map { $0 + ", " + field.value } ?? field.value
        }
        return Answer(status: response.status.code, headers: answerHeaders, data: Data(response.body.readableBytesView))
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        // Generous: on a loaded CI machine (a load of 8 on 2 cores) thirty requests at once can wait far
        // longer than 30 s for a core; the time-out only stops a server that never answers.
        configuration.timeoutIntervalForRequest = 600
        return URLSession(configuration: configuration, delegate: RedirectsNotFollowed(), delegateQueue: nil)
    }()

    /// A redirect is an answer the tests read (as the router-mode client gives it), not one to follow.
    private final class RedirectsNotFollowed: NSObject, URLSessionTaskDelegate, Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    private static func send(
        _ method: String, _ target: String, headers: [(String, String)], body: Data?,
        to baseURL: URL
    ) async throws -> Answer {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + target)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var answerHeaders: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { answerHeaders[key] = value }
        }
        return Answer(status: http.statusCode, headers: answerHeaders, data: data)
    }

    // MARK: Typed helpers

    @discardableResult
    func signIn(_ form: [(String, String)]) async throws -> Answer {
        try await send("POST", "/v1/client/sign_ins", form: form, operation: "createSignIn")
    }

    @discardableResult
    func signInAction(_ id: String, _ action: String, _ form: [(String, String)]) async throws -> Answer {
        let operation = [
            "prepare_first_factor": "prepareSignInFactorOne", "attempt_first_factor": "attemptSignInFactorOne",
            "prepare_second_factor": "prepareSignInFactorTwo", "attempt_second_factor": "attemptSignInFactorTwo",
            "reset_password": "resetPassword",
        ][action]
        return try await send("POST", "/v1/client/sign_ins/\(id)/\(action)", form: form, operation: operation)
    }

    @discardableResult
    func signUp(_ form: [(String, String)]) async throws -> Answer {
        try await send("POST", "/v1/client/sign_ups", form: form, operation: "createSignUps")
    }

    @discardableResult
    func signUpAction(_ id: String, _ action: String, _ form: [(String, String)]) async throws -> Answer {
        let operation = ["prepare_verification": "prepareSignUpsVerification", "attempt_verification": "attemptSignUpsVerification"][action]
        return try await send("POST", "/v1/client/sign_ups/\(id)/\(action)", form: form, operation: operation)
    }
}
