import ClerkAPI
import Foundation

extension SignInRules {
    /// `POST /v1/client/sign_ins {transfer: true}` after a browser sign-up found that the provider's
    /// account (or its verified address) already has a user: that user signs in with the identity
    /// the provider proved, once. Without such a sign-up on the client: `account_transfer_invalid`.
    mutating func transferFromSignUp(_ client: inout ClientRecord, locale: String?) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        guard let signUpID = client.signUpID, var signUp = signUps[signUpID],
            signUp.externalVerification?.status(now: now) == .transferable, let identity = signUp.identityTransfer,
            let user = owner(of: identity)
        else { throw FrontendError(.accountTransferInvalid) }
        var signIn = newSignIn(client: client, identifier: nil, userID: user.id, concealed: false, locale: locale)
        try proceed(&signIn, as: user, by: identity, client: &client)
        signUp.identityTransfer = nil
        signUps[signUpID] = signUp
        return commit(signIn, client: &client)
    }
}
