import ClerkAPI
import Foundation

extension SignInRules {
    /// `POST /v1/client/sign_ins {strategy: oauth_token_apple|oauth_token_google|google_one_tap, token}`,
    /// once the token is verified (outside the store): the user with the provider's account of the
    /// token's `sub`, or else the one with its (provider-verified) email address, goes on as after
    /// any first factor, the account linked. With no such user the sign-in answers `needs_identifier`
    /// with a `transferable` first-factor verification, which `POST /v1/client/sign_ups {transfer: true}`
    /// turns into a sign-up; Google One Tap answers `external_account_not_found` instead (its
    /// verification has no transferable status) and signs up directly. The request was counted against
    /// its client before the token was verified (`admitIdentityToken`).
    package mutating func signInWithIdentity(_ meta: RequestMeta, _ identity: VerifiedIdentity, locale: String?) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        try admit(meta, identifier: identity.emailAddress, clientCounted: true)
        var client = try clientOrNew(meta)
        try ensureNoLiveSession(client)
        guard settings.identityProviders?.config(for: identity.provider) != nil else { throw IdentityTokenVerifier.notEnabled(identity.provider) }

        guard let user = owner(of: identity) else {
            guard identity.strategy != .googleOneTap else { throw FrontendError(.externalAccountNotFound) }
            var signIn = newSignIn(client: client, identifier: nil, userID: nil, concealed: false, locale: locale, status: .needsIdentifier)
            markTransferable(&signIn, identity)
            return commit(signIn, client: &client)
        }
        var signIn = newSignIn(client: client, identifier: nil, userID: user.id, concealed: false, locale: locale)
        try proceed(&signIn, as: user, by: identity, client: &client)
        return commit(signIn, client: &client)
    }

    /// The user `identity` belongs to: the one with the provider's account of its `sub`, or else the
    /// one with its (provider-verified) email address.
    func owner(of identity: VerifiedIdentity) -> UserRecord? {
        users.owner(ofExternalAccount: identity.provider, subject: identity.subject)
            ?? user(withIdentifier: identity.emailAddress, kind: .emailAddress)
    }

    /// No account has `identity`: the sign-in waits for a transfer to a sign-up.
    func markTransferable(_ signIn: inout SignInRecord, _ identity: VerifiedIdentity) {
        signIn.status = .needsIdentifier
        signIn.firstFactor = VerificationRecord(strategy: identity.strategy, fixedStatus: .transferable, attempts: nil, challenge: nil, factorID: nil)
        signIn.identityTransfer = identity
    }

    /// `user` proved who they are with `identity`: its account linked (once), the sign-in goes on
    /// as after any first factor. A user found by an address it holds unverified is first reclaimed
    /// for the address's owner (``reclaim(_:provenAddress:)``). Refused with `oauth_identification_claimed` when `user` was found
    /// by the address but is linked to another account of the same provider.
    mutating func proceed(_ signIn: inout SignInRecord, as user: UserRecord, by identity: VerifiedIdentity, client: inout ClientRecord) throws(FrontendError) {
        var user = user
        try ensureNotSignedIn(user.id, on: client)
        if let lock = lockError(for: user) { throw lock }
        if !user.hasExternalAccount(identity.provider, subject: identity.subject) {
            // Found by the address, but the user's account at this provider is another one: a user
            // has one account per provider, so this one cannot sign in to (or be linked to) them.
            reclaim(&user, provenAddress: identity.emailAddress)
            if user.linkedAccounts.contains(where: { $0.provider == identity.provider }) { throw FrontendError(.oauthIdentificationClaimed) }
            user.externalAccounts = user.linkedAccounts + [ExternalAccountRecord(identity, now: now)]
            store(user)
        }
        let identifier = ParsedIdentifier(value: identity.emailAddress, kind: .emailAddress)
        signIn.identifier = identifier.value
        signIn.identifierKind = identifier.kind
        signIn.userID = user.id
        signIn.status = .needsFirstFactor
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        signIn.firstFactor = .verified(identity.strategy)
        signIn.firstFactorVerifiedAt = now
        advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: false)
    }
}
