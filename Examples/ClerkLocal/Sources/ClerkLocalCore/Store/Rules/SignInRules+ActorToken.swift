import ClerkAPI
import Foundation

extension SignInRules {
    /// The user holding the actor token of `digest`, and the token's index among theirs.
    func actorTokenHolder(_ digest: [UInt8]) -> (user: UserRecord, index: Int)? {
        for user in users.records(for: LookupKey.digest(digest)) {
            if let index = user.actorTokens?.firstIndex(where: { TokenDigest.matches($0.tokenDigest, digest) }) { return (user, index) }
        }
        return nil
    }

    /// `POST /v1/client/sign_ins {strategy: ticket, ticket}` with an actor token: the sign-in completes
    /// at once with a session of the token's user that carries the actor and lasts at most the token's
    /// session duration. The actor proved nothing of the user's factors, so none is asked (no second
    /// factor, no Client Trust) and the device earns no trust. A token signs in once, before it
    /// expires, unless revoked; a refused token changes nothing.
    mutating func signInActing(_ holder: (user: UserRecord, index: Int), client: inout ClientRecord, input: SignInStart)
        throws(FrontendError) -> StoreAnswer<SignInRecord>
    {
        var user = holder.user
        guard var token = user.actorTokens?[holder.index] else { throw FrontendError(.ticketInvalidCode, paramName: "ticket") }
        switch token.status {
        case .accepted: throw FrontendError(.actorTokenAlreadyUsedCode, paramName: "ticket")
        case .revoked: throw FrontendError(.actorTokenRevokedCode, paramName: "ticket")
        case .pending: break
        }
        guard now < token.expiresAt else { throw FrontendError(.actorTokenCannotBeUsedCode, paramName: "ticket") }
        try ensureNotSignedIn(user.id, on: client)

        token.status = .accepted
        token.updatedAt = now
        user.actorTokens?[holder.index] = token
        store(user)

        var signIn = ticketVerifiedSignIn(user: user, client: client, input: input)
        let session = startSession(
            for: user.id, on: &client, strategy: .ticket, firstFactorAt: now, secondFactorAt: nil, impersonation: token)
        signIn.status = .complete
        signIn.createdSessionID = session.id
        return commit(signIn, client: &client)
    }
}
