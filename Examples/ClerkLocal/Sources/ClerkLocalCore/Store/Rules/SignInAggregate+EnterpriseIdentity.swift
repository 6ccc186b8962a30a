import ClerkAPI
import Foundation

extension SignInAggregate {
    /// The provider of enterprise connection `connectionID` proved `identity`: the user with the
    /// connection's account of its `sub`, or else the one with its address, signs in with the
    /// account linked (an address held unverified is first reclaimed for its owner, as after an
    /// OAuth sign-in); with no such user the sign-in waits for the transfer that signs them up.
    /// Refused when the connection is gone or disabled since, or when the proven address is outside
    /// the connection's domains.
    mutating func proceedThroughEnterpriseConnection(
        _ signIn: inout SignInRecord, _ proven: VerifiedIdentity, connectionID: String, client: inout ClientRecord
    ) throws(FrontendError) {
        guard let connection = settings.enterpriseConnection(id: connectionID), connection.active else {
            throw FrontendError(.enterpriseSSOSignInConnectionMissing)
        }
        guard connection.serves(proven.emailAddress) else { throw FrontendError(.enterpriseSSOEmailAddressDomainMismatch) }
        var identity = proven
        identity.strategy = .enterpriseSSO
        identity.enterpriseConnectionID = connectionID
        guard
            var user = users.owner(ofEnterpriseAccount: connectionID, subject: identity.subject)
                ?? user(withIdentifier: identity.emailAddress, kind: .emailAddress)
        else {
            markTransferable(&signIn, identity)
            return
        }
        try ensureNotSignedIn(user.id, on: client)
        if let lock = lockError(for: user) { throw lock }
        if let index = user.enterpriseAccounts?.firstIndex(where: { $0.connectionID == connectionID && $0.providerUserID == identity.subject }) {
            user.enterpriseAccounts?[index].lastAuthenticatedAt = now
        } else {
            reclaim(&user, provenAddress: identity.emailAddress)
            // One account per connection: another of the provider's users cannot take this one over.
            if user.enterpriseAccounts?.contains(where: { $0.connectionID == connectionID }) == true {
                throw FrontendError(.enterpriseSSOAccountAlreadyConnected)
            }
            user.enterpriseAccounts = (user.enterpriseAccounts ?? []) + [EnterpriseAccountRecord(identity, connectionID: connectionID, now: now)]
        }
        store(user)
        passFirstFactor(&signIn, as: user, by: identity, client: &client)
    }
}
