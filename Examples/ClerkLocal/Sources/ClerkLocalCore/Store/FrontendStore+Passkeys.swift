import ClerkAPI

/// The store's passkey operations. Signatures are checked inside the actor, unlike bcrypt and identity
/// tokens: a check (well under a millisecond for ES256 and RS256) must be atomic with the use of the challenge
/// and the counter's update, which a plan-then-complete split would have to re-check anyway.
extension FrontendStore {
    package func createPasskey(_ meta: RequestMeta, sessionID: String?) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        try self[rules: AccountRules.self].createPasskey(meta, sessionID: sessionID)
    }

    package func verifyPasskey(
        _ meta: RequestMeta, sessionID: String?, id: String, strategy: Strategy, credential: String?
    ) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        try self[rules: AccountRules.self].verifyPasskey(meta, sessionID: sessionID, id: id, strategy: strategy, credential: credential)
    }

    package func readPasskey(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        try self[rules: AccountRules.self].readPasskey(meta, sessionID: sessionID, id: id)
    }

    package func renamePasskey(_ meta: RequestMeta, sessionID: String?, id: String, name: String?) throws(FrontendError) -> StoreAnswer<PasskeyRecord> {
        try self[rules: AccountRules.self].renamePasskey(meta, sessionID: sessionID, id: id, name: name)
    }

    package func deletePasskey(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        try self[rules: AccountRules.self].deletePasskey(meta, sessionID: sessionID, id: id)
    }

    package func createPasskeySignIn(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].createPasskeySignIn(meta, input)
    }

    package func preparePasskeyFirstFactor(_ meta: RequestMeta, id: String) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].preparePasskeyFirstFactor(meta, id: id)
    }

    package func attemptPasskeyFirstFactor(_ meta: RequestMeta, id: String, credential: String?) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try self[rules: SignInRules.self].attemptPasskeyFirstFactor(meta, id: id, credential: credential)
    }
}
