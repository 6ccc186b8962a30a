import ClerkAPI
import Foundation

extension SignInRules {
    /// `POST /v1/client/sign_ins {strategy: oauth_token_apple|oauth_token_google|google_one_tap, token}`,
    /// once the token is verified (outside the store): the user with the provider's account of the
    /// token's `sub`, or else the one with its (provider-verified) email address, goes on as after
    /// any first factor, the account linked. With no such user the sign-in answers `needs_identifier`
    /// with a `transferable` first-factor verification, which `POST /v1/client/sign_ups {transfer: true}`
    /// turns into a sign-up; Google One Tap answers `external_account_not_found` instead (its
    /// verification has no transferable status) and signs up directly.
    package mutating func signInWithIdentity(_ meta: RequestMeta, _ identity: VerifiedIdentity, locale: String?) throws(FrontendError) -> StoreAnswer<
        SignInRecord
    > {
        try admit(meta, identifier: identity.emailAddress)
        var client = clientOrNew(meta)
        try ensureNoLiveSession(client)
        guard settings.identityProviders?.config(for: identity.provider) != nil else { throw IdentityTokenVerifier.notEnabled(identity.provider) }

        let owner =
            users.values.first { $0.hasExternalAccount(identity.provider, subject: identity.subject) }
            ?? user(withIdentifier: identity.emailAddress, kind: .emailAddress)
        guard var user = owner else {
            guard identity.strategy != .googleOneTap else { throw FrontendError(.externalAccountNotFound) }
            var signIn = newSignIn(client: client, identifier: nil, userID: nil, concealed: false, locale: locale, status: .needsIdentifier)
            signIn.firstFactor = VerificationRecord(strategy: identity.strategy, fixedStatus: .transferable, attempts: nil, challenge: nil, factorID: nil)
            signIn.identityTransfer = identity
            return commit(signIn, client: &client)
        }
        try ensureNotSignedIn(user.id, on: client)
        if let lock = lockError(for: user) { throw lock }
        if !user.hasExternalAccount(identity.provider, subject: identity.subject) {
            user.externalAccounts = user.linkedAccounts + [ExternalAccountRecord(identity, now: now)]
            store(user)
        }
        let identifier = ParsedIdentifier(value: identity.emailAddress, kind: .emailAddress)
        var signIn = newSignIn(client: client, identifier: identifier, userID: user.id, concealed: false, locale: locale)
        signIn.firstFactors = factorRules.firstFactors(for: user, identifier: signIn.identifier)
        signIn.firstFactor = .verified(identity.strategy)
        signIn.firstFactorVerifiedAt = now
        advanceAfterFirstFactor(&signIn, user: user, client: &client, viaPassword: false)
        return commit(signIn, client: &client)
    }
}
