import ClerkLocalCore
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /v1/verify?token=…`: opening an email link. The browser (or the app, when it opens the link
/// itself) is sent on to the link's `redirect_url` with `__clerk_status` (`verified`, `expired`,
/// `failed`, `client_mismatch`) and, when opening it created a session, `__clerk_created_session`.
/// A token that opens nothing (or none at all) answers 400 `verification_link_token_invalid`, as the
/// spec's `verify` operation has it: there is nowhere to send the browser.
struct EmailLinkRoutes: Sendable {
    let core: ServerCore

    func register(on router: MethodAwareRouter) {
        router.get("/v1/verify") { request, context in
            let meta = RequestReading.meta(request, context)
            guard let token = request.uri.queryParameters.get("token"), !token.isEmpty,
                let opening = try await core.store.perform({ $0.openEmailLink(meta, token: token) }), !opening.redirectURL.isEmpty
            else {
                return WireResponses.error(FrontendError(.verificationLinkTokenInvalid, paramName: "token"), client: nil, clientToken: nil)
            }
            return Self.redirect(opening)
        }
    }

    /// 303 to the redirect URL with the outcome in its query.
    static func redirect(_ opening: LinkOpening) -> Response {
        var components = URLComponents(string: opening.redirectURL)
        var items = components?.queryItems ?? []
        if let approval = opening.approval {
            // A native link: the app completes the flow with these and its code verifier.
            items += [URLQueryItem(name: "flow_id", value: approval.flowID), URLQueryItem(name: "approval_token", value: approval.token)]
            components?.queryItems = items
            return Response(status: .seeOther, headers: [.location: components?.string ?? opening.redirectURL, .cacheControl: "no-store"])
        }
        items.append(URLQueryItem(name: "__clerk_status", value: opening.status.rawValue))
        if let session = opening.createdSessionID {
            items.append(URLQueryItem(name: "__clerk_created_session", value: session))
        }
        components?.queryItems = items
        let location = components?.string ?? opening.redirectURL
        return Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }
}
