import ClerkAPI
import Foundation

extension SignUpRules {
    /// `POST /v1/client/sign_ups {strategy: ticket, ticket}`: an invitation's ticket gives the sign-up
    /// the invited address, verified, and the invitation's public metadata; the other fields come from
    /// the body or later updates. The invitation is accepted when the user is created (`settle`).
    /// Nothing changes here: the caller stores the record.
    func applyingInvitation(_ ticket: String, to record: SignUpRecord, input: SignUpInput) throws(FrontendError) -> SignUpRecord {
        guard !ticket.isEmpty else { throw .missing("ticket") }
        guard let found = invitationHolding(ticket: ticket) else {
            guard let invitation = organizationInvitationHolding(ticket: ticket) else { throw FrontendError(.ticketInvalidCode, paramName: "ticket") }
            return try applyingOrganizationInvitation(invitation, to: record, input: input)
        }
        let invitation = try usableInvitation(found)
        guard userIDsByEmail[invitation.emailAddress] == nil else { throw FrontendError(.invitationAccountExists, paramName: "ticket") }
        try Self.requireInvitedAddress(input, invited: invitation.emailAddress)
        var record = record
        record.emailAddress = invitation.emailAddress
        record.emailVerification = .verified(.ticket)
        record.invitationID = invitation.id
        record.publicMetadata = invitation.publicMetadata
        return record
    }

    /// Once a ticket is applied the sign-up's address is the invited one: an input naming another is refused,
    /// in the ticket's request and in every later update.
    static func requireInvitedAddress(_ input: SignUpInput, invited: String) throws(FrontendError) {
        guard let email = input.emailAddress ?? input.emailAddressOrPhoneNumber, IdentifierFormat.kind(of: email) == .emailAddress,
            IdentifierFormat.normalizedEmail(email) != invited
        else { return }
        throw FrontendError(
            .formParamValueInvalid, variant: "FormInvalidParameterValue", paramName: "email_address",
            longMessage: "email_address must be the invited address when signing up with an invitation's ticket.")
    }

    /// Before the user is created: an invited sign-up still has the invited address and its invitation is
    /// still pending (not revoked, accepted by another sign-up or expired since); a sign-up that is not
    /// invited is admitted by the sign-up mode in effect now.
    func checkAdmission(of record: SignUpRecord) throws(FrontendError) {
        if let id = record.organizationInvitationID { return try checkOrganizationAdmission(of: record, invitationID: id) }
        guard let id = record.invitationID else {
            switch settings.signUpMode {
            case .restricted: throw FrontendError(.signUpModeRestricted)
            case .waitlist: throw FrontendError(.signUpRestrictedWaitlist)
            case .public: return
            }
        }
        guard let invitation = invitations[id] else { throw FrontendError(.ticketInvalidCode, paramName: "ticket") }
        _ = try usableInvitation(invitation)
        guard invitation.emailAddress == record.emailAddress else { throw FrontendError(.ticketInvalidCode, paramName: "ticket") }
    }

    /// Once the user exists: the invitation the sign-up started with is accepted.
    mutating func acceptInvitation(of record: SignUpRecord) {
        guard let id = record.invitationID else { return }
        acceptInvitation(id: id)
    }
}
