import Clerk
import Foundation

extension AccountHandle {
    /// Connects `provider`'s account to the signed-in user through `session`: the connection
    /// started with the session's redirect URL (`POST /v1/me/external_accounts {strategy, redirect_url}`),
    /// the provider's page opened, and the user read again with the callback's nonce
    /// (`GET /v1/me?rotating_token_nonce=…`), which links the account. Requests: those two.
    /// - Returns: the connected account, verified, as the user now lists it.
    /// - Throws: the verification's error as `ClerkError.api` when the provider refused
    ///   (`oauth_access_denied` when the user denied, `oauth_account_already_connected` when another
    ///   user has that provider's account, …); `oauth_account_already_connected` at once when the
    ///   user already has `provider`; `ClerkError.cancelled` when the user closed the page.
    public func connectExternalAccount(_ provider: OAuthProvider, through session: some OAuthRedirectSession) async throws(ClerkError)
        -> ExternalAccount
    {
        let redirectURL = try await session.redirectURL()
        let body = ConnectExternalAccountRequest.Body(strategy: provider.strategy, redirectURL: redirectURL.absoluteString)
        let started = try await send(ConnectExternalAccountRequest(clerkSessionID: sessionID, body: body)).response
        return try await completeInBrowser(started, through: session, redirectURL: redirectURL)
    }

    /// Reauthorizes a connected provider's account through `session`, asking the provider for
    /// `additionalScopes` besides those it granted (`PATCH /v1/me/external_accounts/{id}/reauthorize
    /// {redirect_url, additional_scope}`), then, as a connection does, the provider's page opened
    /// and the user read again with the callback's nonce. Requests: those two.
    /// - Returns: the account, verified again, as the user now lists it.
    /// - Throws: as `connectExternalAccount(_:through:)`; `external_account_not_found` when the
    ///   provider signed in another of its accounts than the one connected.
    public func reauthorizeExternalAccount(
        _ externalAccountID: String, additionalScopes: [String] = [], through session: some OAuthRedirectSession
    ) async throws(ClerkError) -> ExternalAccount {
        let redirectURL = try await session.redirectURL()
        let body = ReauthorizeExternalAccountRequest.Body(
            redirectURL: redirectURL.absoluteString, additionalScope: additionalScopes.isEmpty ? nil : additionalScopes)
        let request = ReauthorizeExternalAccountRequest(externalAccountID: externalAccountID, clerkSessionID: sessionID, body: body)
        let started = try await send(request).response
        return try await completeInBrowser(started, through: session, redirectURL: redirectURL)
    }

    /// The provider's page of `started` opened, and the user read again with the callback's nonce.
    private func completeInBrowser(
        _ started: ExternalAccount, through session: some OAuthRedirectSession, redirectURL: URL
    ) async throws(ClerkError) -> ExternalAccount {
        guard started.verification?.status == .unverified,
            let page = started.verification?.externalVerificationRedirectURL.flatMap({ URL(string: $0) })
        else { throw .flow(.unsupportedStatus(started.verification?.status.rawValue ?? "verified")) }
        let callbackURL = try await session.open(page, redirectURL: redirectURL)
        let nonce = OAuthCallback.rotatingTokenNonce(in: callbackURL)
        let user = try await send(GetUserRequest(clerkSessionID: sessionID, rotatingTokenNonce: nonce)).response
        guard let connected = user.externalAccounts.lazy.compactMap(Self.externalAccount).first(where: { $0.id == started.id }) else {
            throw .flow(.noCurrentAttempt)
        }
        if let verification = connected.verification, verification.status != .verified {
            let error =
                verification.error ?? APIError(message: "expired", longMessage: "The OAuth verification expired.", code: .verificationExpired)
            throw .api(APIFailure(errors: [error], httpStatus: 422))
        }
        return connected
    }

    /// An entry of the user's `externalAccounts` (the user holds them as JSON).
    private static func externalAccount(_ json: JSONValue) -> ExternalAccount? {
        (try? JSONEncoder().encode(json)).flatMap { try? JSONDecoder().decode(ExternalAccount.self, from: $0) }
    }
}
