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
            return WireResponses.error(FrontendError(.requestBodyInvalid), client: nil, clientToken: nil)
        }
    }

    static func frontendError(for status: HTTPResponse.Status) -> FrontendError {
        switch status {
        case .notFound: .notFound("ResourceNotFound")
        case .methodNotAllowed: FrontendError(.resourceNotFound, status: 405, message: "Method not allowed", longMessage: "This method is not supported on this path.")
        case .contentTooLarge: FrontendError(.requestBodyTooLarge, longMessage: "The request body exceeds the maximum allowed size of 65536 bytes.")
        default: FrontendError(.requestBodyInvalid, status: status.code < 500 ? status.code : 400)
        }
    }
}
