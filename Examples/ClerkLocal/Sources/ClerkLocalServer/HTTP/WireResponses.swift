import ClerkAPI
import ClerkLocalCore
import Foundation
import HTTPTypes
import Hummingbird

/// Builds Frontend API answers: JSON bodies, the `{response, client}` envelope, the error envelope,
/// and the headers that go with them (`Authorization` carrying the client token, `Retry-After`).
package enum WireResponses {
    package static let retryAfter = HTTPField.Name("Retry-After")!

    package static func json(_ data: Data, status: HTTPResponse.Status = .ok, clientToken: String? = nil, extra: HTTPFields = [:]) -> Response {
        json(ByteBuffer(bytes: data), status: status, clientToken: clientToken, extra: extra)
    }

    package static func json(
        _ body: ByteBuffer, status: HTTPResponse.Status = .ok, clientToken: String? = nil, extra: HTTPFields = [:]
    ) -> Response {
        var headers = extra
        headers[.contentType] = "application/json"
        if let clientToken { headers[.authorization] = clientToken }
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    package static func encode(_ value: some Encodable) throws -> Data {
        try JSONEncoder().encode(value)
    }

    package static func envelope<Resource: Codable & Sendable & Hashable>(_ resource: Resource, client: ClientResource?, clientToken: String?) throws
        -> Response
    {
        json(try encode(ClientEnvelope<Resource, ClientResource>(response: resource, client: client)), clientToken: clientToken)
    }

    /// `{response, client}` where the client's field at `path` (JSON `key`, nil in `client`) is the
    /// response itself: its bytes are written once for both places.
    package static func envelope<Resource: Codable & Sendable & Hashable>(
        _ resource: Resource, sharedBy client: ClientResource, at path: WritableKeyPath<ClientResource, Resource?>, key: String,
        clientToken: String?
    ) throws -> Response {
        if let body = try SharedResourceEnvelope.encode(resource, client: client, sharedAs: key) {
            return json(body, clientToken: clientToken)
        }
        var whole = client
        whole[keyPath: path] = resource
        return try envelope(resource, client: whole, clientToken: clientToken)
    }

    /// A new `clerk_trace_id`.
    package static func newTraceID() -> String {
        SecureRandom.identifier(prefix: "trace").replacingOccurrences(of: "trace_", with: "")
    }

    package static func error(_ error: FrontendError, client: ClientResource?, clientToken: String?, traceID: String? = nil) -> Response {
        let meta = APIErrorMeta(
            paramName: error.paramName, sessionID: error.sessionID, lockoutExpiresInSeconds: error.lockoutExpiresInSeconds)
        let body = ErrorResponse(
            errors: [
                APIError(
                    message: error.message, longMessage: error.longMessage, code: error.code,
                    meta: meta == APIErrorMeta() ? nil : meta)
            ],
            meta: client.map { ErrorResponseMeta(client: $0) },
            clerkTraceID: traceID ?? newTraceID())
        var headers: HTTPFields = [:]
        if let wait = error.retryAfterSeconds { headers[retryAfter] = String(wait) }
        let data = (try? encode(body)) ?? Data(#"{"errors":[]}"#.utf8)
        return json(data, status: HTTPResponse.Status(code: error.status), clientToken: clientToken, extra: headers)
    }
}
