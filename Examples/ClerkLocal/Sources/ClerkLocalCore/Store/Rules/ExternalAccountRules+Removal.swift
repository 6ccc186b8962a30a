import ClerkAPI
import Foundation

extension ExternalAccountRules {
    /// `DELETE /v1/me/external_accounts/{id}`: the provider's account disconnected, unless it is
    /// the user's last way to sign in (no password, no other linked account, no code or link to an
    /// address or number the instance signs in with).
    package mutating func deleteExternalAccount(_ meta: RequestMeta, sessionID: String?, id: String) throws(FrontendError) -> StoreAnswer<DeletedRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: true)
        try requireRecentVerification(context)
        var user = context.user
        guard let removed = user.allExternalAccounts.first(where: { $0.id == id }) else { throw .notFound("ResourceNotFound") }
        let otherWays = otherWaysToSignIn(user, excludingAccount: removed.id)
        guard otherWays > 0 else {
            throw FrontendError(
                .lastRequiredIdentificationDeletionFailed,
                longMessage: "This external account is the only way to sign in to this account: add a password or another way first.")
        }
        user.externalAccounts = user.allExternalAccounts.filter { $0.id != id }
        store(user)
        return accountAnswer(DeletedRecord(id: id, object: "external_account"), context)
    }
}
