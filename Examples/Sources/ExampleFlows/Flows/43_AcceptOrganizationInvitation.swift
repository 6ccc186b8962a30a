import Clerk
import ClerkOrganizations
import ClerkPassword
import ClerkTicket

// Flow 43 — "Build a custom flow for accepting organization invitations". Klara, an admin, invites
// a new address to her organization. John opens the emailed link; the app reads the ticket from
// it and signs him up in one request (the ticket verified his address, he only chooses a password).
// He lands in the organization with the invited role, as his session's active organization.
extension ExampleFlow {
    static let klaraDanVonNeumann = Persona(
        name: "Klara", emailAddress: "klara.von.neumann@example.com", password: "eniac-ballistics-1946", account: .plain)
    static let johnCocke = Persona(name: "John", emailAddress: "john.cocke@example.com", password: "reduced-instruction-set-1974")

    public static let acceptOrganizationInvitation = ExampleFlow(
        number: 43, name: "accept-organization-invitation", title: "An organization invitation accepted from its email link",
        guide: .acceptOrganizationInvitations, preset: .emailPassword, adjust: { $0.clientTrust = false }, people: [klaraDanVonNeumann, johnCocke],
        needs: [.firstFactor(.password)]
    ) { app in
        let admin = app.newDevice()
        let registry = try FactorRegistry([PasswordStrategy()])
        app.signedIn(try await FlowDriver(client: admin, registry: registry, answers: app.answers(for: klaraDanVonNeumann), onEvent: app.events).signIn())
        let team = try await admin.account().createOrganization(name: "Compiler Research", slug: "compiler-research")
        let john = app.person(johnCocke)
        guard let email = john.emailAddress, let password = john.password else { throw ExampleFailure("John has no email or password") }

        app.phase("Klara invites John's address as an admin")
        var before = app.counter.total
        let invitation = try await team.invite(emailAddress: email, role: "org:admin")
        try app.check(invitation.status == .pending, "the invitation is pending")
        try app.check(app.counter.total - before == 1, "one request")

        app.phase("John opens the emailed link; the app signs him up with its ticket")
        let ticket = try Ticket(url: try await app.receivedLink(to: email))
        before = app.counter.total
        let driver = FlowDriver(
            client: app.newDevice(), registry: try FactorRegistry([TicketStrategy()]), answers: app.answers(for: johnCocke), onEvent: app.events)
        let session = try await driver.accept(ticket, details: SignUpDetails(password: password))
        app.signedIn(session)
        try app.check(app.counter.total - before == 1, "signing up with the ticket: one request")
        try app.check(session.session.lastActiveOrganizationID == team.organizationID, "his session has the organization active")
        let membership = session.session.user?.organizationMemberships?.first { $0.organization.id == team.organizationID }
        try app.check(membership?.role == "org:admin", "he is a member with the invited role (org:admin)")
    }
}
