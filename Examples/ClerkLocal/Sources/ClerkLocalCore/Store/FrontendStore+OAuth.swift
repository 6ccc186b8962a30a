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

    package func prepareOAuthFirstFactor(_ meta: RequestMeta, id: String, _ start: OAuthSignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].prepareOAuthFirstFactor(meta, id: id, start)
    }

    package func holdOAuthCallback(signInID: String, authorizationURL: String, _ result: OAuthCallbackResult, nonce: String) throws(FrontendError) {
        try self[rules: SignInRules.self].holdOAuthCallback(signInID: signInID, authorizationURL: authorizationURL, result, nonce: nonce)
    }

    package func redeemOAuthCallback(_ meta: RequestMeta, id: String, nonce: String?) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].redeemOAuthCallback(meta, id: id, nonce: nonce)
    }
}

extension FrontendStore {
    package func deleteExternalAccount(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deleteExternalAccount(meta, sessionID: sessionID, id: id)
    }
}

/// The store's browser (OAuth) sign-up operations.
extension FrontendStore {
    package func startOAuthSignUp(_ meta: RequestMeta, _ input: SignUpInput, _ start: OAuthSignInStart) throws(FrontendError) -> StoreAnswer<
        SignUpRecord
    > {
        try self[rules: SignUpRules.self].startOAuthSignUp(meta, input, start)
    }

    package func holdOAuthSignUpCallback(signUpID: String, authorizationURL: String, _ result: OAuthCallbackResult, nonce: String) throws(FrontendError) {
        try self[rules: SignUpRules.self].holdOAuthSignUpCallback(signUpID: signUpID, authorizationURL: authorizationURL, result, nonce: nonce)
    }

    package func redeemOAuthSignUpCallback(_ meta: RequestMeta, id: String, nonce: String?) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].redeemOAuthSignUpCallback(meta, id: id, nonce: nonce)
    }
}
