import ClerkAPI
import Foundation

/// `PATCH /v1/me/external_accounts/{id}/reauthorize`: a linked account goes through its provider's
/// page again (for more scopes, or after its tokens were revoked). It stays linked meanwhile; its
/// verification leads to the provider's page, and the callback's nonce, redeemed as a connection's
/// is (`GET /v1/me?rotating_token_nonce=…`), verifies it again.
extension ExternalAccountRules {
    /// The provider of the user's linked account `id`, which the authorization request is built for.
    /// Refused as the start would be, changing nothing.
    package mutating func reauthorizationProvider(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> IdentityTokenProvider {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        return try linkedAccount(id, of: context.user).provider
    }

    /// The account's verification restarted towards `start`'s authorization URL. Refused when the
    /// account is not one of the user's linked accounts, the provider is not enabled, or the
    /// redirect URL is missing or not allowed.
    package mutating func startExternalAccountReauthorization(
        _ meta: RequestMeta, sessionID: String?, id: String, _ start: ExternalAccountConnectionStart
    ) throws(FrontendError) -> StoreAnswer<UserExternalAccount> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        var account = try linkedAccount(id, of: context.user)
        guard account.provider == start.provider, settings.oauthProviders?.config(for: start.provider) != nil else {
            throw IdentityTokenVerifier.notEnabled(start.provider)
        }
        guard let redirectURL = start.redirectURL, !redirectURL.isEmpty else { throw .missing("redirect_url") }
        if let refusal = RedirectURLRule.refusal(of: redirectURL, allowed: settings.allowedRedirectUrls) { throw refusal }
        account.verification = ExternalVerification(
            redirectURL: start.authorizationURL, expiresAt: now.addingTimeInterval(ExternalVerification.lifetime))
        account.updatedAt = now
        store(context.user, replacing: account)
        let user = users[context.user.id] ?? context.user
        return accountAnswer(UserExternalAccount(account: account, user: user), context)
    }

    private func linkedAccount(_ id: String, of user: UserRecord) throws(FrontendError) -> ExternalAccountRecord {
        guard let account = user.linkedAccounts.first(where: { $0.id == id }) else {
            throw FrontendError(.externalAccountNotFound, status: 404, paramName: "external_account_id")
        }
        return account
    }
}
