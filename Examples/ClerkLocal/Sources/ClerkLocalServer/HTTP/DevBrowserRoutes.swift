import ClerkLocalCore
import Foundation
import Hummingbird

/// `POST /v1/dev_browser`, as on a Clerk development instance: a browser's script asks for a token
/// and sends it with every later request (`__clerk_db_jwt`). The answer carries it under `id`, where
/// Clerk's JavaScript SDK reads it, and under `token`, where its older versions did.
package struct DevBrowserRoutes: Sendable {
    package static let path = "/v1/dev_browser"
    package let core: ServerCore

    struct Answer: Encodable {
        var id: String
        var token: String
    }

    package func register(on router: MethodAwareRouter) {
        router.post(RouterPath(Self.path)) { request, context in
            let meta = RequestReading.meta(request, context)
            return try await core.store.perform(SessionRules.self, { try $0.createDevBrowser(meta) }) { result in
                switch result {
                case .success(let token): WireResponses.json(try WireResponses.encode(Answer(id: token, token: token)))
                case .failure(let refusal as FrontendError): WireResponses.error(refusal, client: nil, clientToken: nil)
                case .failure(let error): throw error
                }
            }
        }
    }
}
