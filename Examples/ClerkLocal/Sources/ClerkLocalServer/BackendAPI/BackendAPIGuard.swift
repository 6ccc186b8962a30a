import ClerkLocalCore
import Hummingbird

/// Admits a Backend API request: the server's secret key as a Bearer token, always; and, unless a
/// secret key was configured, only over loopback (a generated key guards this machine alone).
package struct BackendAPIGuard: RouterMiddleware {
    package typealias Context = LocalRequestContext
    package let core: ServerCore

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let refusal = refusal(request, context) {
            return WireResponses.error(refusal, client: nil, clientToken: nil)
        }
        return try await next(request, context)
    }

    package func refusal(_ request: Request, _ context: Context) -> FrontendError? {
        let access = core.access
        let hostname = request.head.authority.map(LocalAccess.hostname(ofAuthority:))
        let overLoopback = context.peerIsLoopback && (hostname.map(LocalAccess.isLoopbackName) ?? true)
        if !overLoopback, access.secretKey == nil {
            return FrontendError(
                .resourceForbidden, status: 403,
                longMessage: "The Backend API answers only over loopback unless the server was started with a secret key.")
        }
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer "),
            ConstantTime.equals(String(header.dropFirst(7)), core.backendSecretKey)
        else {
            return FrontendError(
                .authenticationInvalid, status: 401, message: "Invalid authentication",
                longMessage: "Unable to authenticate the request, you need to supply an active secret key as 'Authorization: Bearer sk_test_…'.")
        }
        return nil
    }
}
