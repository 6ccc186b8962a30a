import ClerkAPI
import ClerkLocalCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Reads what the Frontend API takes from a request: the client token (or a development browser's),
/// and the form body decoded into an endpoint's typed body, every failure named as Clerk names it.
package enum RequestReading {
    package static func meta(_ request: Request, _ context: LocalRequestContext) -> RequestMeta {
        var token = request.headers[.authorization]
        // Clerk's native SDKs send the raw token; accept a Bearer prefix too.
        if let value = token, value.lowercased().hasPrefix("bearer ") {
            token = String(value.dropFirst(7))
        }
        return RequestMeta(
            token: token?.isEmpty == true ? nil : token, devBrowserToken: devBrowserToken(request), remoteAddress: context.remoteAddress)
    }

    /// The query parameters a development browser's token comes in, in order of precedence: Clerk's
    /// JavaScript SDK sends `__clerk_db_jwt`; its older versions, and Clerk's spec, `__dev_session`.
    package static let devBrowserParameters = ["__clerk_db_jwt", "__dev_session"]

    /// The development browser's token the request carries, if any (an empty one is none).
    package static func devBrowserToken(_ request: Request) -> String? {
        // Every request asks (twice); most carry no query, or none naming the token (a name could be
        // percent-encoded), so they skip parsing it.
        guard let raw = request.uri.query, raw.contains("%") || devBrowserParameters.contains(where: { raw.contains($0) }) else { return nil }
        let query = request.uri.queryParameters
        return devBrowserParameters.lazy.compactMap { query.get($0) }.first { !$0.isEmpty }
    }

    package static func form(_ request: Request, _ context: LocalRequestContext) async throws(FrontendError) -> FormFields {
        let buffer = try await body(request, context)
        guard buffer.readableBytes > 0 else { return FormFields() }
        if request.headers[.contentType] != nil {
            try requireContentType(.applicationUrlEncoded, request)
        }
        do {
            return try FormFields(percentEncoded: Data(buffer.readableBytesView))
        } catch {
            throw .fromForm(error)
        }
    }

    /// The whole body, refused with 413 past `limit` bytes (by default the context's upload limit).
    package static func body(_ request: Request, _ context: LocalRequestContext, limit: Int? = nil) async throws(FrontendError) -> ByteBuffer {
        let limit = limit ?? context.maxUploadSize
        do {
            return try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw FrontendError(.requestBodyTooLarge, longMessage: "The request body exceeds the maximum allowed size of \(limit) bytes.")
        } catch {
            throw .invalidBody("The request body could not be read.")
        }
    }

    /// A JSON body (the emulator's own endpoints), refused in Clerk's envelope with what was
    /// expected: `what` names the object. The problem names a key, never a value.
    package static func json<Value: Decodable>(_ type: Value.Type, _ request: Request, _ context: LocalRequestContext, describing what: String)
        async throws(FrontendError) -> Value
    {
        let buffer = try await body(request, context)
        do {
            return try JSONDecoder().decode(Value.self, from: Data(buffer.readableBytesView))
        } catch {
            let problem =
                switch error as? DecodingError {
                case .keyNotFound(let key, _)?: "\(key.stringValue) is missing"
                case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
                    context.codingPath.last.map { "\($0.stringValue) has the wrong type" } ?? "it is not a JSON object"
                default: "it is not JSON"
                }
            throw .invalidBody("The body must be a JSON object (\(what)) sent as application/json; \(problem).")
        }
    }

    /// Refuses (415) a request whose media type is not exactly `expected`; parameters such as
    /// `charset` are allowed, a longer type name that merely starts the same is not.
    package static func requireContentType(_ expected: MediaType, _ request: Request) throws(FrontendError) {
        let header = request.headers[.contentType] ?? ""
        if MediaType(from: header)?.isSameType(as: expected) == true { return }
        throw FrontendError(
            .unsupportedContentType,
            longMessage: "Content-Type \(header.isEmpty ? "(none)" : header) is unsupported. You should use \(expected) instead.")
    }

    package static func body<Body: FormDecodable>(_ type: Body.Type, from form: FormFields) throws(FrontendError) -> Body {
        do {
            return try Body(form: form)
        } catch {
            throw .fromForm(error)
        }
    }

    /// A path parameter; the router only matches when it is present.
    package static func parameter(_ name: String, _ context: LocalRequestContext) throws(FrontendError) -> String {
        guard let value = context.parameters.get(name), !value.isEmpty else { throw .notFound("ResourceNotFound") }
        return value
    }

    /// The token's `azp`: the request's `Origin` when the instance allows it, otherwise the
    /// server's own URL; a page cannot have its origin written into a token just by asking.
    package static func authorizedParty(_ request: Request, allowedOrigins: [String], fallback: String) -> String {
        guard let origin = request.headers[.origin] else { return fallback }
        let normalized = normalizedOrigin(origin)
        return allowedOrigins.contains { normalizedOrigin($0) == normalized } ? origin : fallback
    }

    private static func normalizedOrigin(_ origin: String) -> String {
        var text = origin.trimmingWhitespace().lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

extension MediaType {
    /// The same type and subtype, whatever the parameters (`; charset=utf-8`).
    package func isSameType(as other: MediaType) -> Bool {
        type == other.type && subType == other.subType
    }
}
