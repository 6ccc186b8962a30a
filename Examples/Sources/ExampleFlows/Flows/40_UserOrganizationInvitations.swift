import Clerk
import ClerkOrganizations

// Flow 40 — "Build a custom flow for managing a user's organization invitations". Radia already
// has an account; an organization invites her. Signed in, she lists the invitations she received
// and accepts one: she is a member, as her user in the answer's client says.
extension ExampleFlow {
    static let radiaPerlman = Persona(name: "Radia", emailAddress: "radia.perlman@example.com", password: "spanning-tree-1985", account: .plain)
    static let timBernersLee = Persona(name: "Tim", emailAddress: "tim.berners-lee@example.com", password: "world-wide-web-1989", account: .plain)

    public static let userOrganizationInvitations = ExampleFlow(
        number: 40, name: "user-organization-invitations", title: "A user's organization invitations: listed, one accepted",
        guide: .manageUserOrganizationInvitations, preset: .emailPassword, adjust: { $0.withInvoicePermissions() },
        people: [radiaPerlman, timBernersLee], needs: [.firstFactor(.password)]
    ) { app in
        app.phase("Tim's organization invites Radia")
        let tim = try await app.signedInDevice(timBernersLee)
        let consortium = try await tim.account().createOrganization(name: "Web Consortium")
        guard let radiasAddress = app.person(radiaPerlman).emailAddress else { throw ExampleFailure("Radia has no email address") }
        _ = try await consortium.invite(emailAddress: radiasAddress, role: "org:member")

        app.phase("Radia signs in, lists her invitations and accepts it")
        let radia = try await app.signedInDevice(radiaPerlman)
        let account = try await radia.account()
        let before = app.counter.total
        let invitations = try await account.organizationInvitations(status: .pending).items
        guard let invitation = invitations.first else { throw ExampleFailure("Radia has no pending invitation") }
        try app.check(
            invitations.count == 1 && invitation.publicOrganizationData?.name == "Web Consortium",
            "one pending invitation, from Web Consortium (\(invitation.roleName))")
        let accepted = try await account.acceptOrganizationInvitation(invitation.id)
        try app.check(accepted.status == .accepted, "the invitation is accepted")
        // The answer's client carries her user, whose memberships now include the organization: no request to list them.
        let memberships = await radia.activeSession?.user?.organizationMemberships ?? []
        try app.check(memberships.map(\.organization.id) == [consortium.organizationID], "Radia is a member of Web Consortium")
        try app.check(app.counter.total - before == 2, "listing and accepting: two requests")
    }
}
