import Clerk
import ClerkTicket
import Foundation

// Flow 24 — "Sign-up with application invitations". The instance takes new users by invitation only
// (restricted sign-up mode). The app's backend invites Rosalind through the Backend API; she taps the
// emailed link, the app reads the ticket from it and signs her up in one request: the invitation
// verified her address, she only chooses a password. The link works once.
extension ExampleFlow {
    /// Where the invitation's link opens the app: a scheme the examples' instances allow.
    public static let invitationRedirect = URL(string: "clerk-local://invitation")!

    static let rosalind = Persona(name: "Rosalind", emailAddress: "rosalind.franklin@example.com", password: "photo-fifty-one-1952")

    public static let invitationAccepted = ExampleFlow(
        number: 24, name: "invitation-accepted", title: "An invitation accepted from its email link",
        guide: .applicationInvitations, preset: .invitations, people: [rosalind],
        needs: [.secretKey(purpose: "create an invitation, as a backend does")]
    ) { app in
        let person = app.person(rosalind)
        guard let email = person.emailAddress, let password = person.password else { throw ExampleFailure("Rosalind has no email or password") }
        let details = SignUpDetails(password: password)

        app.phase("Rosalind tries to sign up by herself: refused, the instance takes invitations only")
        var refusal: ClerkError?
        do {
            _ = try await app.newDevice().createSignUp(try SignUpDetails(emailAddress: email, password: password).createBody())
        } catch let error as ClerkError {
            refusal = error
        }
        try app.check(refusal?.hasCode(.signUpModeRestricted) == true, "a sign-up without an invitation was refused (sign_up_mode_restricted)")

        app.phase("The app's backend invites her; she taps the emailed link and the app signs her up with its ticket")
        try await app.invite(email, redirectURL: invitationRedirect)
        let ticket = try Ticket(url: try await app.receivedLink(to: email))
        let driver = FlowDriver(
            client: app.newDevice(), registry: try FactorRegistry([TicketStrategy()]), answers: app.answers(for: rosalind), onEvent: app.events)
        app.signedIn(try await driver.accept(ticket, details: details))

        app.phase("The same link again, on another device: refused, an invitation is accepted once")
        refusal = nil
        do {
            _ = try await app.newDevice().signUp(ticket: ticket, details: details)
        } catch let error as ClerkError {
            refusal = error
        }
        try app.check(refusal?.hasCode(.invitationAlreadyAccepted) == true, "a used invitation was refused (invitation_already_accepted)")
    }
}
