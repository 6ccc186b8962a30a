import Clerk
import Foundation

extension ClerkClient {
    /// Starts a sign-in with `provider` (`POST /v1/client/sign_ins {strategy: oauth_<provider>, redirect_url}`):
    /// the first-factor verification's ``SignInHandle/externalVerificationURL`` is the provider's page.
    public func signIn(with provider: OAuthProvider, redirectURL: URL) async throws(ClerkError) -> SignInHandle {
        try await createSignIn(CreateSignInRequest.Body(strategy: provider.strategy, redirectURL: redirectURL.absoluteString))
    }
}

extension SignInHandle {
    /// The provider's page the user signs in at, while the sign-in waits for it.
    public var externalVerificationURL: URL? {
        guard signIn.firstFactorVerification?.status == .unverified else { return nil }
        return signIn.firstFactorVerification?.externalVerificationRedirectURL.flatMap { URL(string: $0) }
    }

    /// Reads the sign-in again after the browser came back to `callbackURL`
    /// (`GET /v1/client/sign_ins/{id}?rotating_token_nonce=…`). The nonce is what makes the provider's
    /// answer take effect, and only on the client that started the sign-in: without it the sign-in is
    /// answered as it was, its verification still unverified.
    /// - Throws: the provider's refusal as `ClerkError.api` (`oauth_access_denied` when the user
    ///   denied, `oauth_token_exchange_error`, …) when the verification failed.
    public func completeOAuth(callbackURL: URL) async throws(ClerkError) -> SignInHandle {
        let nonce = OAuthCallback.rotatingTokenNonce(in: callbackURL)
        let reloaded = SignInHandle(
            client: client, signIn: try await client.send(GetSignInRequest(signInID: id, rotatingTokenNonce: nonce)).response)
        try OAuthCallback.throwIfFailed(reloaded.signIn.firstFactorVerification)
        return reloaded
    }
}

/// The app's return from the browser, for sign-ins and sign-ups alike.
enum OAuthCallback {
    /// The `rotating_token_nonce` the callback appended to the app's redirect URL.
    static func rotatingTokenNonce(in callbackURL: URL) -> String? {
        URLComponents(url: callbackURL, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "rotating_token_nonce" }?.value
    }

    /// The provider's refusal (or the verification's expiry) as `ClerkError.api`.
    static func throwIfFailed(_ verification: Verification?) throws(ClerkError) {
        guard let verification, verification.status == .failed || verification.status == .expired else { return }
        let error = verification.error ?? APIError(message: "expired", longMessage: "The OAuth verification expired.", code: .verificationExpired)
        throw .api(APIFailure(errors: [error], httpStatus: 422))
    }
}
