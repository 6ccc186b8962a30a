import ClerkAPI

/// The store's browser (OAuth) sign-in operations: the server talks to the provider outside the
/// actor; these take what it learned.
extension FrontendStore {
    package func startOAuthSignIn(_ meta: RequestMeta, _ start: OAuthSignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].startOAuthSignIn(meta, start)
    }

    package func oauthRefusal(_ provider: IdentityTokenProvider, redirectURL: String?) -> FrontendError? {
        self[rules: SignInRules.self].oauthRefusal(provider, redirectURL: redirectURL)
    }

    package func completeOAuthSignIn(signInID: String, _ identity: VerifiedIdentity) throws(FrontendError) {
        try self[rules: SignInRules.self].completeOAuthSignIn(signInID: signInID, identity)
    }

    package func failOAuthSignIn(signInID: String, code: ClerkErrorCode) throws(FrontendError) {
        try self[rules: SignInRules.self].failOAuthSignIn(signInID: signInID, code: code)
    }
}

extension FrontendStore {
    package func deleteExternalAccount(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deleteExternalAccount(meta, sessionID: sessionID, id: id)
    }
}
