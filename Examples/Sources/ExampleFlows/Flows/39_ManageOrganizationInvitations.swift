import Clerk
import ClerkOrganizations

// Flow 39 — "Build a custom flow for creating and managing organization invitations". Margaret
// invites one colleague, then two more in one request; she lists the pending invitations and
// revokes one.
extension ExampleFlow {
    static let margaretHamilton = Persona(
        name: "Margaret", emailAddress: "margaret.hamilton@example.com", password: "apollo-guidance-1969", account: .plain)

    public static let manageOrganizationInvitations = ExampleFlow(
        number: 39, name: "manage-organization-invitations", title: "Organization invitations: one, in bulk, pending listed, one revoked",
        guide: .manageOrganizationInvitations, preset: .emailPassword, adjust: { $0.withInvoicePermissions() }, people: [margaretHamilton],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = try await app.signedInDevice(margaretHamilton)
        let team = try await device.account().createOrganization(name: "Software Engineering")

        app.phase("Margaret invites Dan, then Jack and Bill in one request")
        var before = app.counter.total
        let dan = try await team.invite(emailAddress: "dan.lickly@example.com", role: "org:member")
        let bulk = try await team.invite(emailAddresses: ["jack.garman@example.com", "bill.tindall@example.com"], role: "org:admin")
        try app.check(dan.status == .pending && bulk.count == 2, "three invitations are pending")
        try app.check(bulk.allSatisfy { $0.role == "org:admin" }, "the bulk invitations share one role")
        try app.check(app.counter.total - before == 2, "two requests")

        app.phase("She lists the pending invitations and revokes Dan's")
        before = app.counter.total
        let pending = try await team.pendingInvitations()
        try app.check(pending.count == 3, "three pending: \(pending.map(\.emailAddress).joined(separator: ", "))")
        let revoked = try await team.revokeInvitation(dan.id)
        try app.check(revoked.id == dan.id && revoked.status == .revoked, "Dan's invitation is revoked")
        try app.check(app.counter.total - before == 2, "listing and revoking: two requests")
    }
}
