import ClerkLocalCore
import Hummingbird

/// Requests of a development browser (a Frontend API request carrying `__clerk_db_jwt` or
/// `__dev_session`). One whose token the server does not know is refused before any route, public
/// ones included, as a Clerk development instance refuses it: 401 `dev_browser_unauthenticated`,
/// nothing changed. The answer to a known one carries no `Authorization`: the browser is known by its
/// own token, and its page's script never sees its client's.
package struct DevBrowserMiddleware: RouterMiddleware {
    package typealias Context = LocalRequestContext
    package let core: ServerCore

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard path.hasPrefix("/v1/"), path != DevBrowserRoutes.path, RequestReading.devBrowserToken(request) != nil else {
            return try await next(request, context)
        }
        guard await core.store.client(for: RequestReading.meta(request, context)) != nil else {
            return WireResponses.error(.devBrowserUnauthenticated(), client: nil, clientToken: nil)
        }
        var response = try await next(request, context)
        response.headers[.authorization] = nil
        return response
    }
}
