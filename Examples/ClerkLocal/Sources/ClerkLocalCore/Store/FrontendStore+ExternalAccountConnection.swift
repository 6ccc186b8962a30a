import ClerkAPI

/// The store's operations of connecting a provider's account to the signed-in user: the server
/// talks to the provider outside the actor; these take what it learned.
extension FrontendStore {
    package func startExternalAccountConnection(
        _ meta: RequestMeta, sessionID: String?, _ start: ExternalAccountConnectionStart
    ) throws(FrontendError) -> StoreAnswer<UserExternalAccount> {
        try self[rules: AccountRules.self].startExternalAccountConnection(meta, sessionID: sessionID, start)
    }

    package func completeExternalAccountConnection(userID: String, accountID: String, _ identity: VerifiedIdentity) throws(FrontendError) {
        try self[rules: AccountRules.self].completeExternalAccountConnection(userID: userID, accountID: accountID, identity)
    }

    package func failExternalAccountConnection(userID: String, accountID: String, code: ClerkErrorCode) throws(FrontendError) {
        try self[rules: AccountRules.self].failExternalAccountConnection(userID: userID, accountID: accountID, code: code)
    }
}
