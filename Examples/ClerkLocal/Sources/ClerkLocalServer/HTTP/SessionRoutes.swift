import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// The session endpoints: a session's own reads and actions, tokens (with or without a JWT
/// template), signing out of every session on the device, and the user's sessions on every
/// device (`/v1/me/sessions`, acting as `_clerk_session_id`).
extension FrontendRoutes {
    package func registerSessions(on router: MethodAwareRouter) {
        route(GetSessionRequest.self, on: router) { call in
            try await call.session(SessionRules.self) { try $0.readSession(call.meta, id: call.parameter("session_id")) }
        }
        route(TouchSessionRequest.self, on: router) { call in
            try await call.session(SessionRules.self) { try $0.touchSession(call.meta, id: call.parameter("session_id"), SessionTouch(call.body)) }
        }
        route(CreateSessionTokenRequest.self, on: router) { call in
            try await call.answer(SessionRules.self, { try $0.grantToken(call.meta, sessionID: call.parameter("session_id"), TokenRequest(call.body)) }) {
                grant in
                let jwt = try await core.presenter.token(for: grant.session, user: grant.user, now: core.now(), azp: call.azp, organization: grant.organization)
                return WireResponses.json(try WireResponses.encode(TokenResource(jwt: jwt)))
            }
        }
        route(CreateSessionTokenWithTemplateRequest.self, on: router) { call in
            let operation: RulesOperation<SessionRules, (TokenGrant, JWTTemplate)> = {
                try $0.grantTemplateToken(call.meta, sessionID: call.parameter("session_id"), templateName: call.parameter("template_name"))
            }
            return try await call.answer(SessionRules.self, operation) { pair in
                let (grant, template) = pair
                let jwt = try await core.presenter.templateToken(
                    template, for: grant.session, user: grant.user, now: core.now(), azp: call.azp)
                return WireResponses.json(try WireResponses.encode(TokenResource(jwt: jwt)))
            }
        }
        route(RemoveSessionRequest.self, on: router) { call in
            try await call.session(SessionRules.self) { try $0.finishSession(call.meta, id: call.parameter("session_id"), status: .removed) }
        }
        route(EndSessionRequest.self, on: router) { call in
            try await call.session(SessionRules.self) { try $0.finishSession(call.meta, id: call.parameter("session_id"), status: .ended) }
        }
        route(RemoveClientSessionsRequest.self, on: router) { call in
            try await call.client(SessionRules.self) { try $0.removeClientSessions(call.meta) }
        }
        route(GetActiveSessionsRequest.self, on: router) { call in
            let records = try await core.store.perform(SessionRules.self) { try $0.activeSessions(call.meta, actingSessionID: call.actingSessionID) }
            let now = core.now()
            return WireResponses.json(try WireResponses.encode(records.map { core.presenter.sessionWithActivity($0, now: now) }))
        }
        route(RevokeSessionRequest.self, on: router) { call in
            try await call.session(SessionRules.self) {
                try $0.revokeUserSession(
                    call.meta, id: call.parameter("session_id"), actingSessionID: call.actingSessionID)
            }
        }
    }
}

extension FrontendCall {
    /// `_clerk_session_id` from the query: the session a `/v1/me` request acts as.
    package var actingSessionID: String? {
        request.uri.queryParameters.get("_clerk_session_id").flatMap { $0.isEmpty ? nil : $0 }
    }
}
