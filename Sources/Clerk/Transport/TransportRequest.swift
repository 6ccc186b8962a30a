import Foundation

/// One HTTP request as the transport sends it.
///
/// Its description, debug description and mirror hide the `Authorization` value and the body:
/// they carry the client token and secrets (passwords, codes).
public struct TransportRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The HTTP method.
    public var method: RequestMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields, in the order they are sent.
    public var headers: TransportHeaders
    /// The body bytes, if any.
    public var body: Data?
    /// Whether sending the request twice is harmless (reading state, fetching a session token).
    /// A transport must never send a request that may not repeat more than once on its own;
    /// `URLSessionTransport` gives such requests a connection of their own on Linux for that reason.
    public var mayRepeat: Bool

    /// A request with every part given; `mayRepeat` is false unless said otherwise.
    public init(method: RequestMethod, url: URL, headers: TransportHeaders, body: Data?, mayRepeat: Bool = false) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.mayRepeat = mayRepeat
    }

    /// The URL path, e.g. `/v1/client/sign_ins`.
    public var path: String { URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path }

    /// The query as form fields, in order.
    public var query: FormFields {
        guard let text = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else { return [] }
        return (try? FormFields(percentEncoded: text)) ?? []
    }

    /// The body read as a form (what the Frontend API receives).
    public var form: FormFields {
        guard let body else { return [] }
        return (try? FormFields(percentEncoded: body)) ?? []
    }

    /// The method, URL, headers (the `Authorization` value hidden) and body size; never the body.
    public var description: String {
        "\(method.rawValue) \(url.absoluteString) [\(headers)] body: \(body.map { "\(Redaction.placeholder) (\($0.count) bytes)" } ?? "none")"
    }

    /// The description, named `TransportRequest`; never the body or the client token.
    public var debugDescription: String { "TransportRequest(\(description))" }

    /// A mirror of the method, URL, headers (the `Authorization` value hidden) and body size.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method.rawValue,
                "url": url.absoluteString,
                "headers": headers.description,
                "body": body.map { "\(Redaction.placeholder) (\($0.count) bytes)" } ?? "nil",
            ],
            displayStyle: .struct
        )
    }
}
