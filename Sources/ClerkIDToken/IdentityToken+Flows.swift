import Clerk

extension ClerkClient {
    /// Signs in with an identity token (`POST /v1/client/sign_ins {strategy, token, code}`). When
    /// no account matches, the returned sign-in is transferable (`isTransferable`): create the
    /// sign-up with `transferToSignUp(_:)`.
    public func signIn(with token: IdentityToken) async throws(ClerkError) -> SignInHandle {
        try await createSignIn(IdentityTokenStrategy(token.provider).signInBody(token))
    }

    /// Signs up with an identity token (`POST /v1/client/sign_ups {strategy, token, code, …}`).
    public func signUp(with token: IdentityToken, details: SignUpDetails = SignUpDetails()) async throws(ClerkError) -> SignUpHandle {
        try await createSignUp(try IdentityTokenStrategy(token.provider).signUpBody(token, details: details))
    }
}

extension FlowDriver {
    /// Signs in with `token`; when no account matches, creates the user by the transfer
    /// (`POST /v1/client/sign_ups {transfer: true}`) and supplies what the sign-up still misses
    /// (asked). Two requests for a new user, one for a known one (plus a touch only when the
    /// client does not list the session as active). Google One Tap, whose sign-in answers
    /// `external_account_not_found` for a new user instead, signs up with the token.
    public func signIn(with token: IdentityToken) async throws(ClerkError) -> ActiveSession {
        let signIn: SignInHandle
        do {
            signIn = try await client.signIn(with: token)
        } catch  where token.provider == .googleOneTap && error.hasCode(.externalAccountNotFound) {
            return try await signUp(with: token)
        }
        return try await drive(signIn)
    }

    /// Signs up with `token` and `details`, then drives the sign-up (missing fields) to a session.
    public func signUp(with token: IdentityToken, details: SignUpDetails = SignUpDetails()) async throws(ClerkError) -> ActiveSession {
        try await drive(try await client.signUp(with: token, details: details))
    }
}
