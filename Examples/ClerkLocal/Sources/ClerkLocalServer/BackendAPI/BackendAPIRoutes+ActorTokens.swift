import ClerkLocalCore
import Hummingbird

extension BackendAPIRoutes {
    /// `POST /actor_tokens` and `POST /actor_tokens/{id}/revoke`: tokens to act as a user (impersonation).
    func registerActorTokens(on api: RouterGroup<LocalRequestContext>) {
        api.post("actor_tokens") { request, context in
            try await answer {
                let input = try await Self.body(BackendCreateActorToken.self, keys: BackendCreateActorToken.keys, request, context)
                return BackendPresenter.actorToken(try await core.store.perform(BackendAPIRules.self) { try $0.createActorToken(input) })
            }
        }
        api.post("actor_tokens/:actor_token_id/revoke") { _, context in
            try await answer {
                let id = try RequestReading.parameter("actor_token_id", context)
                return BackendPresenter.actorToken(try await core.store.perform(BackendAPIRules.self) { try $0.revokeActorToken(id: id) })
            }
        }
    }
}
