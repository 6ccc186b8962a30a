import Clerk

extension ClerkClient {
    /// Signs in with a passkey, no identifier asked: `POST /v1/client/sign_ins {strategy: passkey}`, the
    /// authenticator signs the options, `attempt_first_factor` sends the assertion. Two requests.
    public func signInWithPasskey(using authenticator: some PasskeyAuthenticator) async throws(ClerkError) -> SignInHandle {
        try await createSignIn(PasskeyStrategy().signInBody()).answerPasskeyOptions(using: authenticator)
    }
}

extension SignInHandle {
    /// Answers this sign-in (started with an identifier) with one of the user's passkeys: `prepare_first_factor
    /// {strategy: passkey}`, then the assertion. Two requests.
    public func authenticateWithPasskey(using authenticator: some PasskeyAuthenticator) async throws(ClerkError) -> SignInHandle {
        try await prepareFirstFactor(PasskeyStrategy().prepareFirstFactor()).answerPasskeyOptions(using: authenticator)
    }

    /// Has the authenticator sign the request options of the first-factor verification, and sends the assertion.
    public func answerPasskeyOptions(using authenticator: some PasskeyAuthenticator) async throws(ClerkError) -> SignInHandle {
        let strategy = PasskeyStrategy()
        let assertion = try await authenticator.get(optionsJSON: try strategy.options(of: firstFactorVerification))
        return try await attemptFirstFactor(strategy.attemptFirstFactor(assertion: assertion))
    }
}

extension FlowDriver {
    /// Signs in with a passkey (no identifier), then drives the sign-in to a session (a second factor only when
    /// the instance says a passkey does not satisfy it).
    public func signInWithPasskey(using authenticator: some PasskeyAuthenticator) async throws(ClerkError) -> ActiveSession {
        try await drive(try await client.signInWithPasskey(using: authenticator))
    }
}

extension AccountHandle {
    /// Registers a passkey for the signed-in user: `POST /v1/me/passkeys`, the authenticator creates a credential
    /// for the options, `attempt_verification` sends it. Two requests; the passkey answered is verified.
    public func createPasskey(using authenticator: some PasskeyAuthenticator) async throws(ClerkError) -> Passkey {
        let strategy = PasskeyStrategy()
        let pending = try await send(CreatePasskeyRequest(clerkSessionID: sessionID)).response
        let registration = try await authenticator.create(optionsJSON: try strategy.options(of: pending.verification))
        return try await send(
            AttemptPasskeyVerificationRequest(
                passkeyID: pending.id, clerkSessionID: sessionID, body: .init(strategy: strategy.strategy, publicKeyCredential: registration))
        ).response
    }

    /// The user's passkeys (`GET /v1/me`).
    public func passkeys() async throws(ClerkError) -> [Passkey] {
        try await user().passkeys
    }

    /// Renames a passkey (`PATCH /v1/me/passkeys/{id}`).
    public func renamePasskey(_ id: String, to name: String) async throws(ClerkError) -> Passkey {
        try await send(UpdatePasskeyRequest(passkeyID: id, clerkSessionID: sessionID, body: .init(name: name))).response
    }

    /// Removes a passkey (`DELETE /v1/me/passkeys/{id}`).
    public func deletePasskey(_ id: String) async throws(ClerkError) -> DeletedObject {
        try await send(DeletePasskeyRequest(passkeyID: id, clerkSessionID: sessionID)).response
    }
}
