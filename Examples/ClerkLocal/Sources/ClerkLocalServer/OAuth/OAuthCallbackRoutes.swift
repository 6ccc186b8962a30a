import ClerkLocalCore
import Foundation
import Hummingbird

/// `GET /v1/oauth_callback`, where providers send the browser back, and `POST` (Apple's
/// `response_mode=form_post`), which the spec turns into the same GET with a 303.
struct OAuthCallbackRoutes: Sendable {
    let core: ServerCore

    func register(on router: Router<LocalRequestContext>) {
        router.get("/v1/oauth_callback") { request, _ in
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            return await core.oauth.callback(query, core: core)
        }
        router.post("/v1/oauth_callback") { request, context in
            do {
                let form = try await RequestReading.form(request, context)
                var components = URLComponents()
                components.queryItems = ["code", "state", "error", "scope"].compactMap { name in
                    form.values(named: name).first.map { URLQueryItem(name: name, value: $0) }
                }
                return Response(status: .seeOther, headers: [.location: "/v1/oauth_callback" + (components.string ?? ""), .cacheControl: "no-store"])
            } catch let error as FrontendError {
                return WireResponses.error(error, client: nil, clientToken: nil)
            }
        }
    }
}
