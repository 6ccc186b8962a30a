import Hummingbird
import Logging

/// Holds every answer until the changes made so far are durable in storage: a request that got a
/// 2xx (or counted a failed attempt) survives the server being killed right after. With memory
/// storage it does nothing.
struct DurabilityMiddleware: RouterMiddleware {
    typealias Context = LocalRequestContext
    let store: FrontendStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let response = try await next(request, context)
        guard store.storage.keepsState else { return response }
        do {
            try await store.storage.waitUntilDurable(await store.commitChanges())
            return response
        } catch {
            context.logger.critical("state could not be written to storage: \(error)")
            return WireResponses.error(
                FrontendError(
                    .internalClerkError, status: 500, message: "State could not be saved",
                    longMessage: "The local server could not write its state to disk; the change may be lost on restart."),
                client: nil, clientToken: nil)
        }
    }
}
