import Foundation

/// One HTTP answer as the transport received it.
///
/// Its description, debug description and mirror hide the `Authorization` value (the client
/// token) and the body (it can carry session tokens).
public struct HTTPResponse: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields.
    public var headers: [FormField]
    /// The body bytes.
    public var body: Data

    /// An answer with every part given.
    public init(status: Int, headers: [FormField] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An answer with a UTF-8 body and `Content-Type: application/json`, plus `headers`.
    public init(status: Int, json: String, headers: [FormField] = []) {
        self.init(status: status, headers: [FormField("Content-Type", "application/json")] + headers, body: Data(json.utf8))
    }

    /// The value of header `name` (case-insensitive), if present.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    var redactedHeaders: String {
        headers.map { field in
            field.name.lowercased() == "authorization" ? "\(field.name): \(Redaction.placeholder)" : "\(field.name): \(field.value)"
        }.joined(separator: ", ")
    }

    public var description: String {
        "HTTP \(status) [\(redactedHeaders)] body: \(Redaction.placeholder) (\(body.count) bytes)"
    }

    public var debugDescription: String { "HTTPResponse(\(description))" }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["status": status, "headers": redactedHeaders, "body": "\(Redaction.placeholder) (\(body.count) bytes)"],
            displayStyle: .struct
        )
    }
}
