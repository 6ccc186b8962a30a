/// An HTTP method the Frontend API uses.
public enum RequestMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`.
    case get = "GET"
    /// `POST`.
    case post = "POST"
    /// `PUT`.
    case put = "PUT"
    /// `PATCH`.
    case patch = "PATCH"
    /// `DELETE`.
    case delete = "DELETE"
}

/// How an endpoint's successful answer is shaped.
public enum ResponseShape: String, Sendable, Hashable {
    /// `{"response": <resource>, "client": <Client>}` (the client may come under `meta.client`).
    case enveloped
    /// The resource itself (the environment, a session token).
    case bare
}

/// A typed description of one Frontend API request: method, path with its parameters,
/// query and form body, paired with the type its answer decodes into.
public protocol APIEndpoint: Sendable {
    /// The form body the request sends (``EmptyFormBody`` when it sends none).
    associatedtype Body: FormCodable & Hashable
    /// What a successful answer decodes to.
    associatedtype Response: Codable & Sendable

    /// The spec's operationId.
    static var operationID: String { get }
    /// The HTTP method.
    static var method: RequestMethod { get }
    /// The path with `{name}` placeholders, e.g. `/v1/client/sign_ins/{sign_in_id}`.
    static var pathTemplate: String { get }
    /// How the answer wraps the response.
    static var responseShape: ResponseShape { get }
    /// Whether a client may repeat the request on its own (reads and token fetches);
    /// requests that consume a code or a password attempt are never safe to repeat.
    static var isSafeToRetry: Bool { get }

    /// The path with its parameters filled in and percent-escaped.
    var path: String { get }
    /// The query parameters, in order.
    var queryItems: [FormField] { get }
    /// The form body.
    var body: Body { get }
}

extension APIEndpoint {
    /// The path template in the `:name` form routers such as Hummingbird's take.
    public static var routerPath: String {
        pathTemplate.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? ":" + segment.dropFirst().dropLast() : segment
        }.joined(separator: "/")
    }
}
