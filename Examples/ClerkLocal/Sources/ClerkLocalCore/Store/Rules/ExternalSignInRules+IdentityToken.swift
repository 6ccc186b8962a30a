import ClerkAPI
import Foundation

extension ExternalSignInRules {
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
}
