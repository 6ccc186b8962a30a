import Hummingbird
import Logging

/// Answers whatever escapes a route (unknown paths, oversized bodies, framework errors) in Clerk's
/// error envelope rather than Hummingbird's default body.
struct ErrorEnvelopeMiddleware: RouterMiddleware {
    typealias Context = LocalRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as FrontendError {
            return WireResponses.error(error, client: nil, clientToken: nil)
        } catch let error as HTTPError {
            return WireResponses.error(Self.frontendError(for: error.status), client: nil, clientToken: nil)
        } catch {
            context.logger.error("unhandled error: \(String(describing: type(of: error)))")
            return WireResponses.error(.invalidBody("The request could not be read."), client: nil, clientToken: nil)
        }
    }

    static func frontendError(for status: HTTPResponse.Status) -> FrontendError {
        switch status {
        case .notFound: .notFound("ResourceNotFound")
        case .methodNotAllowed:
            FrontendError(.resourceNotFound, status: 405, message: "Method not allowed", longMessage: "This method is not supported on this path.")
        case .contentTooLarge: FrontendError(.requestBodyTooLarge, longMessage: "The request body exceeds the maximum allowed size of 65536 bytes.")
        default: FrontendError(.requestBodyInvalid, variant: "InvalidRequestBody", status: status.code < 500 ? status.code : 400)
        }
    }
}

extension FrontendError {
    /// `request_body_invalid` as its `InvalidRequestBody` entry (the code's first entry is about images).
    static func invalidBody(_ longMessage: String) -> FrontendError {
        FrontendError(.requestBodyInvalid, variant: "InvalidRequestBody", longMessage: longMessage)
    }
}
