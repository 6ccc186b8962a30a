import ClerkAPI
import Foundation

extension SignInRules {
    /// `POST /v1/client/sign_ins {strategy: ticket, ticket}`: a sign-in token a backend minted proves
    /// who the user is; the sign-in goes on as after any first factor (a second factor if the user
    /// has one). A token signs in once, before it expires, unless revoked.
    package mutating func signInWithTicket(_ meta: RequestMeta, _ input: SignInStart) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        try admit(meta)
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        guard let ticket = input.ticket, !ticket.isEmpty else { throw .missing("ticket") }
        let digest = TokenDigest.of(ticket)
        if let acting = actorTokenHolder(digest) { return try signInActing(acting, client: &client, input: input) }
        guard
            var user = users.records(for: LookupKey.digest(digest)).first(where: {
                $0.signInTokens?.contains { TokenDigest.matches($0.tokenDigest, digest) } == true
            }),
            let index = user.signInTokens?.firstIndex(where: { TokenDigest.matches($0.tokenDigest, digest) }),
            var token = user.signInTokens?[index]
        else {
            if let invitation = invitationHolding(ticket: ticket) { return try signInWithInvitation(invitation, client: &client, input: input) }
            guard let invitation = organizationInvitationHolding(ticket: ticket) else { throw FrontendError(.ticketInvalidCode, paramName: "ticket") }
            return try signInWithOrganizationInvitation(invitation, client: &client, input: input)
        }
        switch token.status {
        case .accepted: throw FrontendError(.signInTokenAlreadyUsedCode, paramName: "ticket")
        case .revoked: throw FrontendError(.signInTokenRevokedCode, paramName: "ticket")
        case .pending: break
        }
        guard now < token.expiresAt else { throw FrontendError(.signInTokenCannotBeUsedCode, paramName: "ticket") }
        try ensureNotSignedIn(user.id, on: client)
        if let lock = lockError(for: user) { throw lock }

        token.status = .accepted
        token.updatedAt = now
        user.signInTokens?[index] = token
        store(user)
        return completeTicketSignIn(user: user, client: &client, input: input)
    }

    /// The sign-in of a user a ticket proved: its first factor verified, then as after any first factor.
    mutating func completeTicketSignIn(user: UserRecord, client: inout ClientRecord, input: SignInStart) -> StoreAnswer<SignInRecord> {
        var signIn = ticketVerifiedSignIn(user: user, client: client, input: input)
        advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: false)
        return commit(signIn, client: &client)
    }
}

extension SignInRules {
    /// A new sign-in of `user` whose first factor a ticket verified, identified by their primary
    /// email address or phone number.
    mutating func ticketVerifiedSignIn(user: UserRecord, client: ClientRecord, input: SignInStart) -> SignInRecord {
        let identifier =
            user.primaryEmail.map { ParsedIdentifier(value: $0.address, kind: .emailAddress) }
            ?? user.primaryPhone.map { ParsedIdentifier(value: $0.number, kind: .phoneNumber) }
        var signIn = newSignIn(client: client, identifier: identifier, userID: user.id, concealed: false, locale: input.locale)
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        signIn.firstFactor = .verified(.ticket)
        signIn.firstFactorVerifiedAt = now
        return signIn
    }
}
