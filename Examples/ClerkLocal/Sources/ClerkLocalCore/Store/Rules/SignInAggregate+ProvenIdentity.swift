import ClerkAPI
import Foundation

/// A provider proved who a user is: shared by the identity-token and OAuth sign-ins and by a transfer from a sign-up.
extension SignInAggregate {
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
        passFirstFactor(&signIn, as: user, by: identity, client: &client)
    }

    /// `user`'s first factor is `identity`, which a provider proved: the sign-in goes on as after any first factor.
    mutating func passFirstFactor(_ signIn: inout SignInRecord, as user: UserRecord, by identity: VerifiedIdentity, client: inout ClientRecord) {
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

    /// A provider proved `address`, which `user` holds unverified (signed up with `verify_at_sign_up`
    /// off, or imported so): whoever typed it before never proved it, so the account goes to the
    /// address's owner, as Clerk's account linking does for this case, with nothing left that the
    /// earlier holder could use. The address becomes verified; the other addresses, phone numbers,
    /// password, passkeys, linked accounts, authenticator app and backup codes are removed; every
    /// session of the user is revoked. Its profile (names, username, metadata) stays.
    mutating func reclaim(_ user: inout UserRecord, provenAddress address: String) {
        guard let index = user.emails.firstIndex(where: { $0.address == address }), !user.emails[index].verified else { return }
        user.emails[index].verified = true
        user.emails[index].challenge = nil
        user.emails = [user.emails[index]]
        user.passwordHash = nil
        user.passwordUpdatedAt = nil
        user.passwordCompromised = false
        user.passkeys = nil
        user.phones = []
        user.externalAccounts = nil
        user.totpSecret = nil
        user.totpID = nil
        user.totpEnabledAt = nil
        user.pendingTOTP = nil
        user.lastTOTPStep = nil
        user.backupCodes = nil
        user.mfaEnabledAt = nil
        let userID = user.id
        endSessions(status: .revoked) { $0.userID == userID }
    }
}
