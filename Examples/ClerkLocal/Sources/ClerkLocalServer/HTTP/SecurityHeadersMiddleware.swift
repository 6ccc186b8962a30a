import ClerkLocalCore
import HTTPTypes
import Hummingbird

/// `X-Content-Type-Options: nosniff` on every answer, errors included: a browser must never read
/// a JSON answer that echoes a user's input as HTML or script.
package struct SecurityHeadersMiddleware: RouterMiddleware {
    package typealias Context = LocalRequestContext
    package static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[Self.contentTypeOptions] = "nosniff"
        return response
    }
}
