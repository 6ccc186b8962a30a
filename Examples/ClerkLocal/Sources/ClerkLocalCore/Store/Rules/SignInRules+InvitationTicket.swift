import ClerkAPI
import Foundation

extension SignInRules {
    /// A sign-in with an invitation's ticket. An invitation for an address without an account answers
    /// `invitation_account_not_exists` (clients then sign up with the same ticket); one whose address
    /// has an account since signs that user in and is accepted.
    mutating func signInWithInvitation(
        _ found: InvitationRecord, client: inout ClientRecord, input: SignInStart
    ) throws(FrontendError) -> StoreAnswer<SignInRecord> {
        let invitation = try usableInvitation(found)
        guard let userID = userIDsByEmail[invitation.emailAddress], let user = users[userID] else {
            throw FrontendError(.invitationAccountNotExists, paramName: "ticket")
        }
        try ensureNotSignedIn(user.id, on: client)
        if let lock = lockError(for: user) { throw lock }
        acceptInvitation(id: invitation.id)
        return completeTicketSignIn(user: user, client: &client, input: input)
    }
}
