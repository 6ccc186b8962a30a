import ClerkLocalCore
import Hummingbird

/// Applies `LocalAccess` to the emulator's own endpoints.
package struct LocalAccessGuard: RouterMiddleware {
    package typealias Context = LocalRequestContext
    package let core: ServerCore

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = core.access.refusal(for: Self.caller(request, context)) {
            return WireResponses.error(refusal, client: nil, clientToken: nil)
        }
        return try await next(request, context)
    }

    /// What `request` shows of itself to `LocalAccess`.
    package static func caller(_ request: Request, _ context: Context) -> LocalAccess.Caller {
        LocalAccess.Caller(
            isWrite: request.method != .get && request.method != .head,
            authority: request.head.authority,
            origin: request.headers[.origin],
            contentType: request.headers[.contentType],
            authorization: request.headers[.authorization],
            peerIsLoopback: context.peerIsLoopback,
            acceptsOwnFormPosts: request.uri.path.hasPrefix(DashboardRoutes.path + "/"))
    }
}
