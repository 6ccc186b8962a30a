import ClerkAPI
import Foundation

extension ExternalAccountRules {
    /// `GET /v1/me?rotating_token_nonce=…`: the user's client presents the nonce the connection's
    /// callback sent its browser back with, and the held result takes effect once: the account
    /// verified (linked), or its verification failed with the held code. A wrong, used or expired
    /// nonce, or one held for another user, answers the user as it is and changes nothing. A stale session
    /// is refused (`session_reverification_required`) before anything is linked.
    package mutating func redeemExternalAccountConnection(
        _ meta: RequestMeta, sessionID: String?, nonce: String
    ) throws(FrontendError) -> StoreAnswer<UserRecord> {
        let context = try account(meta, sessionID: sessionID, mutation: false)
        let waiting = context.user.allExternalAccounts.first { account in
            guard let verification = account.verification, let held = verification.held else { return false }
            return verification.errorCode == nil && now < verification.expiresAt && held.isRedeemed(by: nonce)
        }
        guard var account = waiting, let held = account.verification?.held else { return accountAnswer(context.user, context) }
        // Linking is a sensitive change as starting it was; the nonce stays good for a retry after re-verifying.
        try requireRecentVerification(context)
        account.verification?.held = nil
        switch held.result {
        case .identity(let identity): completeExternalAccountConnection(&account, identity)
        case .refused(let code): account.verification?.errorCode = code
        }
        account.updatedAt = now
        store(context.user, replacing: account)
        return accountAnswer(users[context.user.id] ?? context.user, context)
    }
}
