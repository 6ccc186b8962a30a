import Foundation

/// One HTTP answer as the transport received it.
///
/// Its description, debug description and mirror hide the `Authorization` value (the client
/// token) and the body (it can carry session tokens).
public struct TransportResponse: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The HTTP status code.
    public var status: Int
    /// The header fields.
    public var headers: TransportHeaders
    /// The body bytes.
    public var body: Data

    /// An answer with every part given.
    public init(status: Int, headers: TransportHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An answer with a UTF-8 body and `Content-Type: application/json`, plus `headers`.
    public init(status: Int, json: String, headers: TransportHeaders = [:]) {
        var all: TransportHeaders = ["Content-Type": "application/json"]
        for field in headers { all.append(name: field.name, value: field.value) }
        self.init(status: status, headers: all, body: Data(json.utf8))
    }

    /// The status, headers (the `Authorization` value hidden) and body size; never the body.
    public var description: String {
        "HTTP \(status) [\(headers)] body: \(Redaction.placeholder) (\(body.count) bytes)"
    }

    /// The description, named `TransportResponse`; never the body or the client token.
    public var debugDescription: String { "TransportResponse(\(description))" }

    /// A mirror of the status, headers (the `Authorization` value hidden) and body size.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["status": status, "headers": headers.description, "body": "\(Redaction.placeholder) (\(body.count) bytes)"],
            displayStyle: .struct
        )
    }
}
