import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

/// Session re-verification (`/v1/client/sessions/{id}/verify`, then a first and a second factor's
/// prepare and attempt). A password is checked outside the store, as at sign-in.
extension FrontendRoutes {
    package func registerReverification(on router: MethodAwareRouter) {
        route(StartSessionReverificationRequest.self, on: router) { call in
            try await call.reverification(ReverificationRules.self) {
                try $0.startReverification(call.meta, sessionID: call.parameter("session_id"), level: call.body.level)
            }
        }
        route(PrepareSessionReverificationFirstFactorRequest.self, on: router) { call in
            try await call.reverification(ReverificationRules.self) {
                try $0.prepareReverificationFirstFactor(call.meta, sessionID: call.parameter("session_id"), FactorPreparation(call.body))
            }
        }
        route(AttemptSessionReverificationFirstFactorRequest.self, on: router) { call in
            let id = try call.parameter("session_id")
            let attempt = FirstFactorAttempt(call.body)
            guard attempt.strategy == .password else {
                return try await call.reverification(ReverificationRules.self) {
                    try $0.attemptReverificationFirstFactorCode(call.meta, sessionID: id, attempt)
                }
            }
            return try await call.answer(
                ReverificationRules.self, plan: { try $0.planReverificationPassword(call.meta, sessionID: id, attempt) },
                outside: { plan in try await call.checkPassword(attempt.password ?? "", plan: plan) },
                complete: { try $0.completeReverificationPassword(call.meta, sessionID: id, plan: $1, check: $2) }, present: call.presentReverification)
        }
        route(PrepareSessionReverificationSecondFactorRequest.self, on: router) { call in
            try await call.reverification(ReverificationRules.self) {
                try $0.prepareReverificationSecondFactor(call.meta, sessionID: call.parameter("session_id"), FactorPreparation(call.body))
            }
        }
        route(AttemptSessionReverificationSecondFactorRequest.self, on: router) { call in
            try await call.reverification(ReverificationRules.self) {
                try $0.attemptReverificationSecondFactor(call.meta, sessionID: call.parameter("session_id"), SecondFactorAttempt(call.body))
            }
        }
    }
}

extension FrontendCall {
    /// `{response: <session_reverification>, client}`.
    package func reverification<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<SessionRecord>>) async throws
        -> Response
    {
        try await answer(rules, operation, present: presentReverification)
    }

    package func presentReverification(_ answer: StoreAnswer<SessionRecord>) async throws -> Response {
        guard let reverification = core.presenter.reverification(of: answer.resource, now: answer.snapshot.now) else {
            throw FrontendError(.sessionReverificationMissing)
        }
        return try await envelope(reverification, answer.snapshot)
    }
}
