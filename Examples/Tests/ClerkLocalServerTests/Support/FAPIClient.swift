import ClerkAPI
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A minimal Frontend API client over real HTTP, behaving as Clerk's native SDKs do on the wire:
/// form bodies, `_is_native=true`, the raw client token in `Authorization`, and keeping whatever
/// token the server answers with.
final class FAPIClient: @unchecked Sendable {
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

    let baseURL: URL
    private let lock = NSLock()
    private var storedToken: String?
    /// Every answer, by the operation that produced it, for the spec validation.
    private(set) var recorded: [(operation: String, status: Int, data: Data)] = []
    var origin: String?

    init(baseURL: URL) {
        self.baseURL = baseURL
    }

    var token: String? {
        get { lock.withLock { storedToken } }
        set { lock.withLock { storedToken = newValue } }
    }

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.timeoutIntervalForRequest = 30
        return URLSession(configuration: configuration)
    }()

    @discardableResult
    func send(_ method: String, _ path: String, form: [(String, String)] = [], rawBody: Data? = nil,
              contentType: String? = nil, operation: String? = nil) async throws -> Answer {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        var components = URLComponents(url: baseURL.appendingPathComponent(parts[0]), resolvingAgainstBaseURL: false)!
        if path.hasPrefix("/v1/") { components.queryItems = [URLQueryItem(name: "_is_native", value: "true")] }
        if parts.count > 1 { components.percentEncodedQuery = parts[1] }
        var request = URLRequest(url: components.url!)
        request.httpMethod = method
        request.setValue("2026-05-12", forHTTPHeaderField: "clerk-api-version")
        request.setValue("1", forHTTPHeaderField: "x-mobile")
        if let token { request.setValue(token, forHTTPHeaderField: "Authorization") }
        if let origin { request.setValue(origin, forHTTPHeaderField: "Origin") }
        if let rawBody {
            request.httpBody = rawBody
            request.setValue(contentType ?? "application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        } else if !form.isEmpty {
            request.httpBody = Data(FormFields(form.map { FormField($0.0, $0.1) }).percentEncoded().utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await Self.session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        let answer = Answer(status: http.statusCode, headers: headers, data: data)
        if let newToken = answer.header("Authorization") { token = newToken.isEmpty ? nil : newToken }
        if let operation { lock.withLock { recorded.append((operation, answer.status, data)) } }
        return answer
    }

    // MARK: Typed helpers

    @discardableResult
    func signIn(_ form: [(String, String)]) async throws -> Answer {
        try await send("POST", "/v1/client/sign_ins", form: form, operation: "createSignIn")
    }

    @discardableResult
    func signInAction(_ id: String, _ action: String, _ form: [(String, String)]) async throws -> Answer {
        let operation = ["prepare_first_factor": "prepareSignInFactorOne", "attempt_first_factor": "attemptSignInFactorOne",
                         "prepare_second_factor": "prepareSignInFactorTwo", "attempt_second_factor": "attemptSignInFactorTwo",
                         "reset_password": "resetPassword"][action]
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

extension NSLock {
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
