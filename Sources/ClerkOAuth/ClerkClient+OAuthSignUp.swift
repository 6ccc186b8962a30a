import Clerk
import Foundation

extension ClerkClient {
    /// Starts a sign-up with `provider` (`POST /v1/client/sign_ups {strategy: oauth_<provider>, redirect_url, …}`):
    /// the external-account verification's ``SignUpHandle/externalVerificationURL`` is the provider's
    /// page. `details` adds fields the instance requires that the provider does not give (legal acceptance).
    public func signUp(with provider: OAuthProvider, redirectURL: URL, details: SignUpDetails = SignUpDetails()) async throws(ClerkError)
        -> SignUpHandle
    {
        var body = try details.createBody()
        body.strategy = provider.strategy
        body.redirectURL = redirectURL.absoluteString
        return try await createSignUp(body)
    }
}

extension SignUpHandle {
    /// The provider's page the user signs up at, while the sign-up waits for it.
    public var externalVerificationURL: URL? {
        guard signUp.verifications.externalAccount?.status == .unverified else { return nil }
        return signUp.verifications.externalAccount?.externalVerificationRedirectURL.flatMap { URL(string: $0) }
    }

    /// Reads the sign-up again after the browser came back to `callbackURL`
    /// (`GET /v1/client/sign_ups/{id}?rotating_token_nonce=…`): the provider's account takes effect
    /// on the client that started the sign-up. The answer is complete (the user created), or
    /// `missing_requirements` with the account verified (supply the rest with `update`), or its
    /// external-account verification is `transferable` (`external_account_exists`: the account
    /// has a user already; a sign-in with `transfer` signs them in).
    /// - Throws: the provider's refusal as `ClerkError.api` (`oauth_access_denied`, …).
    public func completeOAuth(callbackURL: URL) async throws(ClerkError) -> SignUpHandle {
        let nonce = OAuthCallback.rotatingTokenNonce(in: callbackURL)
        let reloaded = SignUpHandle(
            client: client, signUp: try await client.send(GetSignUpRequest(signUpID: id, rotatingTokenNonce: nonce)).response)
        try OAuthCallback.throwIfFailed(reloaded.signUp.verifications.externalAccount)
        return reloaded
    }
}
