import Foundation

/// One HTTP request as the transport sends it.
///
/// Its description, debug description and mirror hide the `Authorization` value and the body:
/// they carry the client token and secrets (passwords, codes).
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields, in the order they are sent.
    public var headers: [FormField]
    /// The body bytes, if any.
    public var body: Data?

    /// A request with every part given.
    public init(method: HTTPMethod, url: URL, headers: [FormField], body: Data?) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of header `name` (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
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

    var redactedHeaders: String {
        headers.map { field in
            field.name.lowercased() == "authorization" ? "\(field.name): \(Redaction.placeholder)" : "\(field.name): \(field.value)"
        }.joined(separator: ", ")
    }

    public var description: String {
        "\(method.rawValue) \(url.absoluteString) [\(redactedHeaders)] body: \(body.map { "\(Redaction.placeholder) (\($0.count) bytes)" } ?? "none")"
    }

    public var debugDescription: String { "HTTPRequest(\(description))" }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method.rawValue,
                "url": url.absoluteString,
                "headers": redactedHeaders,
                "body": body.map { "\(Redaction.placeholder) (\($0.count) bytes)" } ?? "nil",
            ],
            displayStyle: .struct
        )
    }
}
