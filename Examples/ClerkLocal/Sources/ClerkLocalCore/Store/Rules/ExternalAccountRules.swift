import ClerkAPI
import Foundation

/// The rules of the account's provider connections (`/v1/me/external_accounts`).
package struct ExternalAccountRules: AccountAggregate {
    package var state: InstanceState
    package let operation: OperationContext
    package init(state: InstanceState, operation: OperationContext) {
        self.state = state
        self.operation = operation
    }
}

/// What the server asks of a connection's start: the provider, the app's `redirect_url`, and the
/// provider's authorization URL the server built (with its `state`).
package struct ExternalAccountConnectionStart: Sendable {
    package var provider: IdentityTokenProvider
    package var redirectURL: String?
    package var authorizationURL: String

    package init(provider: IdentityTokenProvider, redirectURL: String?, authorizationURL: String) {
        self.provider = provider
        self.redirectURL = redirectURL
        self.authorizationURL = authorizationURL
    }
}

/// An external account with the user it belongs to (the presenter needs both).
package struct UserExternalAccount: Sendable {
    package var account: ExternalAccountRecord
    package var user: UserRecord
}

/// `POST /v1/me/external_accounts`: the signed-in user connects a provider's account through the
/// browser. The account waits unverified until the user's client presents the callback's nonce.
extension ExternalAccountRules {
    /// An unverified account of `start.provider` whose verification leads to the provider's page;
    /// a connection of the same provider still under way is replaced. Refused when the provider
    /// is not enabled, the redirect URL is not allowed, or the user already has that provider.
    package mutating func startExternalAccountConnection(
        _ meta: RequestMeta, sessionID: String?, _ start: ExternalAccountConnectionStart
    ) throws(FrontendError) -> StoreAnswer<UserExternalAccount> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        guard settings.oauthProviders?.config(for: start.provider) != nil else { throw IdentityTokenVerifier.notEnabled(start.provider) }
        guard let redirectURL = start.redirectURL, !redirectURL.isEmpty else { throw .missing("redirect_url") }
        if let refusal = RedirectURLRule.refusal(of: redirectURL, allowed: settings.allowedRedirectUrls) { throw refusal }
        var user = context.user
        if user.linkedAccounts.contains(where: { $0.provider == start.provider }) { throw Self.alreadyConnected(start.provider) }
        var pending = ExternalAccountRecord(
            VerifiedIdentity(provider: start.provider, strategy: start.provider.oauthStrategy, subject: "", emailAddress: ""), now: now)
        pending.verification = ExternalVerification(
            redirectURL: start.authorizationURL, expiresAt: now.addingTimeInterval(ExternalVerification.lifetime))
        user.externalAccounts = user.allExternalAccounts.filter { $0.provider != start.provider } + [pending]
        store(user)
        return accountAnswer(UserExternalAccount(account: pending, user: user), context)
    }

    /// The connection `accountID`'s callback result, held on its verification with the digest of
    /// the `nonce` the browser is sent back with; nothing takes effect until the user's client
    /// presents that nonce (`GET /v1/me?rotating_token_nonce=…`).
    package mutating func holdExternalAccountConnection(
        userID: String, accountID: String, nonce: String, _ result: OAuthCallbackResult
    ) throws(FrontendError) {
        guard let user = users[userID], var account = user.allExternalAccounts.first(where: { $0.id == accountID }),
            let verification = account.verification, verification.errorCode == nil, verification.held == nil,
            now < verification.expiresAt
        else { throw FrontendError(.oauthCallbackInvalid) }
        account.verification?.held = HeldOAuthCallback(nonce: nonce, result: result)
        store(user, replacing: account)
    }

    /// The provider proved `identity` for `account`: verified, unless another user (or this one)
    /// already has that provider's account, which fails the verification.
    /// A reauthorization (`isLinked`) verifies only the provider's account already linked: another one
    /// fails it with `external_account_not_found`.
    mutating func completeExternalAccountConnection(_ account: inout ExternalAccountRecord, _ identity: VerifiedIdentity) {
        if account.isLinked, identity.provider != account.provider || identity.subject != account.providerUserID {
            account.verification?.errorCode = ClerkErrorCode.externalAccountNotFound.rawValue
            return
        }
        let claimed = !account.isLinked && users.values.contains { $0.hasExternalAccount(identity.provider, subject: identity.subject) }
        if claimed || identity.provider != account.provider {
            account.verification?.errorCode = ClerkErrorCode.oauthAccountAlreadyConnected.rawValue
        } else {
            account.providerUserID = identity.subject
            account.emailAddress = identity.emailAddress
            account.firstName = identity.firstName
            account.lastName = identity.lastName
            account.verification = nil
        }
    }

    mutating func store(_ user: UserRecord, replacing account: ExternalAccountRecord) {
        var user = user
        user.externalAccounts = user.allExternalAccounts.map { $0.id == account.id ? account : $0 }
        store(user)
    }

    private static func alreadyConnected(_ provider: IdentityTokenProvider) -> FrontendError {
        let error = FrontendError(.oauthAccountAlreadyConnected)
        return FrontendError(
            .oauthAccountAlreadyConnected, paramName: "strategy",
            longMessage: error.longMessage.replacingOccurrences(of: "<providerTitle>", with: provider.title))
    }
}
