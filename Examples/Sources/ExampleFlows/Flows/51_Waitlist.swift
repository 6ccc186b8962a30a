import Clerk
import ClerkTicket
import Foundation

// Flow 51 — "Build a custom flow for joining a waitlist". The instance is not open yet: its sign-up mode
// is `waitlist`. Mildred tries to sign up and the SDK stops with the error that says how to get in; she
// joins the waitlist instead (joining twice changes nothing). The app's backend invites her entry; the
// invitation's email carries a ticket, with which she signs up, and her entry is completed.
extension ExampleFlow {
    static let mildredDresselhaus = Persona(name: "Mildred", emailAddress: "mildred.dresselhaus@example.com", password: "carbon-nanotube-1991")

    public static let waitlist = ExampleFlow(
        number: 51, name: "waitlist", title: "Joining a waitlist, then signing up with the invitation",
        guide: .waitlist, preset: .invitations, adjust: { $0.signUpMode = .waitlist }, people: [mildredDresselhaus],
        needs: [.waitlist, .secretKey(purpose: "read and invite waitlist entries, as a backend does")]
    ) { app in
        let person = app.person(mildredDresselhaus)
        guard let email = person.emailAddress, let password = person.password else { throw ExampleFailure("Mildred has no email or password") }
        let device = app.newDevice()

        app.phase("Mildred tries to sign up: refused, the instance takes sign-ups from its waitlist only")
        let before = app.counter.total
        do {
            _ = try await FlowDriver(client: device, registry: try FactorRegistry([]), answers: app.answers(for: mildredDresselhaus), onEvent: app.events)
                .signUp(SignUpDetails(emailAddress: email, password: password))
            try app.check(false, "a sign-up without an invitation is refused")
        } catch let error as ClerkError {
            guard case .flow(.signUpsFromWaitlistOnly) = error else { throw error }
            try app.check(error.hasCode(.signUpRestrictedWaitlist), "refused: \(error.description)")
        }

        app.phase("She joins the waitlist; joining again answers the same entry")
        let entry = try await device.joinWaitlist(emailAddress: email)
        try app.check(try await device.joinWaitlist(emailAddress: email).id == entry.id, "one entry per address (\(entry.id))")
        try app.check(try await app.waitlistEntry(of: email).status == "pending", "the backend sees her entry pending")
        try app.check(app.counter.total - before == 3, "the refused create and two joins")

        app.phase("The app's backend invites her entry; she taps the emailed link and signs up with its ticket")
        try await app.inviteFromWaitlist(email)
        let ticket = try Ticket(url: try await app.receivedLink(to: email))
        let driver = FlowDriver(
            client: app.newDevice(), registry: try FactorRegistry([TicketStrategy()]), answers: app.answers(for: mildredDresselhaus), onEvent: app.events)
        let signUpBefore = app.counter.total
        app.signedIn(try await driver.accept(ticket, details: SignUpDetails(password: password)))
        app.note("the ticket's sign-up took \(app.counter.total - signUpBefore) requests")
        try app.check(try await app.waitlistEntry(of: email).status == "completed", "her waitlist entry is completed")
    }
}
