import ClerkAPI
import Foundation

extension ExternalSignInRules {
    /// `GET /v1/client/sign_ins/{id}?rotating_token_nonce=…`: the owning client presents the nonce
    /// the callback sent its browser back with, and the callback's result takes effect: the user it
    /// belongs to is signed in (the account linked), the sign-in becomes transferable, or the
    /// verification fails with the refusal's code. A missing, wrong, used or expired nonce answers
    /// the sign-in as it is (its verification still `unverified`) and changes nothing.
    package mutating func redeemOAuthCallback(_ meta: RequestMeta, id: String, nonce: String?) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        var (client, signIn) = try signIn(meta, id: id, forUpdate: false)
        guard let nonce, client.signInID == id, let verification = signIn.firstFactor, let held = verification.external?.held,
            verification.status(now: now) == .unverified, held.isRedeemed(by: nonce)
        else { return StoreAnswer(resource: signIn, snapshot: snapshot(of: client.id)) }
        signIn.firstFactor?.external?.held = nil
        switch held.result {
        case .identity(let identity):
            do throws(FrontendError) {
                if let connectionID = verification.external?.enterpriseConnectionID {
                    try proceedThroughEnterpriseConnection(&signIn, identity, connectionID: connectionID, client: &client)
                } else if let user = owner(of: identity) {
                    try proceed(&signIn, as: user, by: identity, client: &client)
                } else {
                    markTransferable(&signIn, identity)
                }
            } catch {
                // The user cannot sign in now (locked, already signed in): the verification says why.
                signIn.firstFactor?.external?.errorCode = error.code.rawValue
            }
        case .refused(let code):
            signIn.firstFactor?.external?.errorCode = code
        }
        return commit(signIn, client: &client)
    }
}
