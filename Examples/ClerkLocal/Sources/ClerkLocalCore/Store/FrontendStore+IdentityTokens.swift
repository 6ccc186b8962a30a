import ClerkAPI

/// The store's identity-token operations: the token is verified before (outside the actor); these
/// take the identity it proved.
extension FrontendStore {
    package func signInWithIdentity(_ meta: RequestMeta, _ identity: VerifiedIdentity, locale: String?) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].signInWithIdentity(meta, identity, locale: locale)
    }

    package func createSignUpWithIdentity(
        _ meta: RequestMeta, _ input: SignUpInput, identity: VerifiedIdentity, passwordHash: String?
    ) throws(FrontendError) -> StoreAnswer<SignUpRecord> {
        try self[rules: SignUpRules.self].createSignUpWithIdentity(meta, input, identity: identity, passwordHash: passwordHash)
    }
}
