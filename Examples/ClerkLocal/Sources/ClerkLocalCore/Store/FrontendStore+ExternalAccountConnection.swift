import ClerkAPI

/// The store's operations of connecting a provider's account to the signed-in user: the server
/// talks to the provider outside the actor; these take what it learned.
extension FrontendStore {
    package func startExternalAccountConnection(
        _ meta: RequestMeta, sessionID: String?, _ start: ExternalAccountConnectionStart
    ) throws(FrontendError) -> StoreAnswer<UserExternalAccount> {
        try self[rules: AccountRules.self].startExternalAccountConnection(meta, sessionID: sessionID, start)
    }

    package func holdExternalAccountConnection(
        userID: String, accountID: String, nonce: String, _ result: OAuthCallbackResult
    ) throws(FrontendError) {
        try self[rules: AccountRules.self].holdExternalAccountConnection(userID: userID, accountID: accountID, nonce: nonce, result)
    }

    package func redeemExternalAccountConnection(_ meta: RequestMeta, sessionID: String?, nonce: String) throws(FrontendError) -> StoreAnswer<UserRecord> {
        try self[rules: AccountRules.self].redeemExternalAccountConnection(meta, sessionID: sessionID, nonce: nonce)
    }
}
