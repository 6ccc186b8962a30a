import ClerkAPI

/// The store's identity-token operations: the token is verified before (outside the actor); these
/// take the identity it proved.
extension FrontendStore {
    /// Counts an identity-token request against its client (or address) before its token is verified, so
    /// that a stream of junk tokens meets the rate limit as any other attempt does.
    package func admitIdentityToken(_ meta: RequestMeta) throws(FrontendError) {
        try self[rules: SignInRules.self].admit(meta)
    }

    package func signInWithIdentity(_ meta: RequestMeta, _ identity: VerifiedIdentity, locale: String?) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].signInWithIdentity(meta, identity, locale: locale)
    }

    package func createSignUpWithIdentity(
        _ meta: RequestMeta, _ input: SignUpInput, identity: VerifiedIdentity, passwordHash: String?
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].createSignUpWithIdentity(meta, input, identity: identity, passwordHash: passwordHash)
    }
}
