import ClerkAPI
import Foundation

extension SignUpRules {
    /// `POST /v1/client/sign_ups {strategy: ticket, ticket}`: an invitation's ticket gives the sign-up
    /// the invited address, verified, and the invitation's public metadata; the other fields come from
    /// the body or later updates. The invitation is accepted when the user is created (`settle`).
    /// Nothing changes here: the caller stores the record.
    func applyingInvitation(_ ticket: String, to record: SignUpRecord, input: SignUpInput) throws(FrontendError) -> SignUpRecord {
        guard !ticket.isEmpty else { throw .missing("ticket") }
        guard let found = invitationHolding(ticket: ticket) else { throw FrontendError(.ticketInvalidCode, paramName: "ticket") }
        let invitation = try usableInvitation(found)
        guard userIDsByEmail[invitation.emailAddress] == nil else { throw FrontendError(.invitationAccountExists, paramName: "ticket") }
        if let email = input.emailAddress ?? input.emailAddressOrPhoneNumber, IdentifierFormat.kind(of: email) == .emailAddress,
            IdentifierFormat.normalizedEmail(email) != invitation.emailAddress
        {
            throw FrontendError(
                .formParamValueInvalid, variant: "FormInvalidParameterValue", paramName: "email_address",
                longMessage: "email_address must be the invited address when signing up with an invitation's ticket.")
        }
        var record = record
        record.emailAddress = invitation.emailAddress
        record.emailVerification = .verified(.ticket)
        record.invitationID = invitation.id
        record.publicMetadata = invitation.publicMetadata
        return record
    }

    /// Once the user exists: the invitation the sign-up started with is accepted, if the sign-up
    /// still has its address.
    mutating func acceptInvitation(of record: SignUpRecord) {
        guard let id = record.invitationID, let invitation = invitations[id], invitation.emailAddress == record.emailAddress else { return }
        acceptInvitation(id: id)
    }
}
