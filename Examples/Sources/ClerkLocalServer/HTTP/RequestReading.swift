import ClerkAPI
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Reads what the Frontend API takes from a request: the client token, and the form body decoded
/// into an endpoint's typed body, every failure named as Clerk names it.
enum RequestReading {
    static func meta(_ request: Request, _ context: LocalRequestContext) -> RequestMeta {
        var token = request.headers[.authorization]
        // Clerk's native SDKs send the raw token; accept a Bearer prefix too.
        if let value = token, value.lowercased().hasPrefix("bearer ") {
            token = String(value.dropFirst(7))
        }
        return RequestMeta(token: token?.isEmpty == true ? nil : token, remoteAddress: context.remoteAddress)
    }

    static func form(_ request: Request, _ context: LocalRequestContext) async throws(FrontendError) -> FormFields {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw FrontendError(.requestBodyTooLarge, longMessage: "The request body exceeds the maximum allowed size of \(context.maxUploadSize) bytes.")
        } catch {
            throw FrontendError(.requestBodyInvalid)
        }
        guard buffer.readableBytes > 0 else { return FormFields() }
        if let contentType = request.headers[.contentType]?.lowercased(),
            !contentType.hasPrefix("application/x-www-form-urlencoded")
        {
            throw FrontendError(
                .unsupportedContentType,
                longMessage: "Content-Type \(contentType) is unsupported. You should use application/x-www-form-urlencoded instead.")
        }
        do {
            return try FormFields(percentEncoded: Data(buffer.readableBytesView))
        } catch {
            throw .fromForm(error)
        }
    }

    static func body<Body: FormDecodable>(_ type: Body.Type, from form: FormFields) throws(FrontendError) -> Body {
        do {
            return try Body(form: form)
        } catch {
            throw .fromForm(error)
        }
    }

    /// A path parameter; the router only matches when it is present.
    static func parameter(_ name: String, _ context: LocalRequestContext) throws(FrontendError) -> String {
        guard let value = context.parameters.get(name), !value.isEmpty else { throw .notFound("ResourceNotFound") }
        return value
    }

    /// The origin that asked, for the token's `azp`; the server's own URL when the request names none.
    static func origin(_ request: Request, fallback: String) -> String {
        request.headers[HTTPField.Name("Origin")!] ?? fallback
    }
}
