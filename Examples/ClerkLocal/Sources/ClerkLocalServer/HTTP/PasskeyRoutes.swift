import ClerkAPI
import ClerkLocalCore
import Hummingbird

/// `/v1/me/passkeys` and the passkey strategy of sign-ins.
extension FrontendRoutes {
    func registerPasskeys(on router: MethodAwareRouter) {
        route(CreatePasskeyRequest.self, on: router) { call in
            try await call.passkey(PasskeyRules.self) { try $0.createPasskey(call.meta, sessionID: call.sessionID) }
        }
        route(GetPasskeyRequest.self, on: router) { call in
            try await call.passkey(PasskeyRules.self) { try $0.readPasskey(call.meta, sessionID: call.sessionID, id: call.parameter("passkey_id")) }
        }
        route(UpdatePasskeyRequest.self, on: router) { call in
            try await call.passkey(PasskeyRules.self) {
                try $0.renamePasskey(call.meta, sessionID: call.sessionID, id: call.parameter("passkey_id"), name: call.body.name)
            }
        }
        route(DeletePasskeyRequest.self, on: router) { call in
            try await call.deleted(PasskeyRules.self) { try $0.deletePasskey(call.meta, sessionID: call.sessionID, id: call.parameter("passkey_id")) }
        }
        route(AttemptPasskeyVerificationRequest.self, on: router) { call in
            try await call.passkey(PasskeyRules.self) {
                try $0.verifyPasskey(
                    call.meta, sessionID: call.sessionID, id: call.parameter("passkey_id"), strategy: call.body.strategy,
                    credential: call.body.publicKeyCredential)
            }
        }
    }
}

extension FrontendCall {
    func passkey<Rules: InstanceRules>(_ rules: Rules.Type, _ operation: RulesOperation<Rules, StoreAnswer<PasskeyRecord>>) async throws -> Response {
        try await answer(rules, operation) { answer in
            try await envelope(core.presenter.passkey(answer.resource, now: answer.snapshot.now), answer.snapshot)
        }
    }
}
