import ClerkAPI
import ClerkLocalCore
import Foundation
import Hummingbird

extension OAuthClientService {
    /// `POST /v1/client/sign_ups {strategy: oauth_<provider>, redirect_url, …}`.
    func startSignUp(_ call: FrontendCall<CreateSignUpRequest.Body>, provider: IdentityTokenProvider) async throws -> Response {
        let input = SignUpInput(call.body)
        return try await authorize(call, provider, .signUp, SignUpRules.self, redirectURL: call.body.redirectURL, locale: call.body.locale) {
            rules, start in
            try rules.startOAuthSignUp(call.meta, input, start)
        } present: { answer in
            (answer.resource.id, try await call.envelope(call.core.presenter.signUp(answer.resource, now: answer.snapshot.now), answer.snapshot))
        }
    }

    /// The callback's result held on what `waiting` started, until its client presents `nonce`.
    func hold(_ result: OAuthCallbackResult, for waiting: PendingAuthorization, nonce: String, core: ServerCore) async throws {
        let id = waiting.attemptID
        let authorizationURL = waiting.authorizationURL
        switch waiting.kind {
        case .signIn:
            try await core.store.perform(ExternalSignInRules.self) {
                try $0.holdOAuthCallback(signInID: id, authorizationURL: authorizationURL, result, nonce: nonce)
            }
        case .signUp:
            try await core.store.perform(SignUpRules.self) {
                try $0.holdOAuthSignUpCallback(signUpID: id, authorizationURL: authorizationURL, result, nonce: nonce)
            }
        case .connection:
            // The callback finishes a connection before anything is held.
            throw FrontendError(.oauthCallbackInvalid)
        }
    }
}
