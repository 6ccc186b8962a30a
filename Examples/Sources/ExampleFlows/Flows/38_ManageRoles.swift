import Clerk
import ClerkOrganizations

// Flow 38 — "Build a custom flow for managing member roles". Frances runs an organization that
// John joined by her invitation. She lists its members and the roles they may have; she cannot
// demote herself while she is its only admin; she makes John an admin, then removes him: his
// next session token carries no organization.
extension ExampleFlow {
    static let francesAllen = Persona(name: "Frances", emailAddress: "frances.allen@example.com", password: "program-optimization-1966", account: .plain)
    static let johnBackus = Persona(name: "John", emailAddress: "john.backus@example.com", password: "backus-naur-form-1959", account: .plain)

    public static let manageRoles = ExampleFlow(
        number: 38, name: "manage-roles", title: "Manage roles: members and roles listed, a role changed, a member removed",
        guide: .manageRoles, preset: .emailPassword, adjust: { $0.withInvoicePermissions() }, people: [francesAllen, johnBackus],
        needs: [.firstFactor(.password)]
    ) { app in
        app.phase("Frances creates Optimization Lab and invites John; he accepts and makes it active")
        let frances = try await app.signedInDevice(francesAllen)
        let lab = try await frances.account().createOrganization(name: "Optimization Lab")
        guard let johnsAddress = app.person(johnBackus).emailAddress else { throw ExampleFailure("John has no email address") }
        let invitation = try await lab.invite(emailAddress: johnsAddress, role: "org:member")
        let john = try await app.signedInDevice(johnBackus)
        try await john.account().acceptOrganizationInvitation(invitation.id)
        try await john.setActive(organization: lab.organizationID)
        try app.check(try await app.organizationClaims(of: john)?.role == "org:member", "John's token says he is a member")

        app.phase("Frances lists the members and the roles")
        var before = app.counter.total
        let members = try await lab.members().items
        let roles = try await lab.roles().items
        guard let johnsID = members.first(where: { $0.role == "org:member" })?.publicUserData?.userID,
            let francesID = members.first(where: { $0.role == "org:admin" })?.publicUserData?.userID
        else { throw ExampleFailure("the members list lacks Frances or John") }
        try app.check(members.count == 2, "two members: \(members.map { "\($0.publicUserData?.identifier ?? "?") (\($0.role))" }.joined(separator: ", "))")
        try app.check(roles.map(\.key) == ["org:admin", "org:member"], "the roles they may have: \(roles.map(\.key).joined(separator: ", "))")
        try app.check(app.counter.total - before == 2, "two requests")

        app.phase("Frances tries to demote herself: refused, she is the only admin")
        before = app.counter.total
        let refusal = try await app.refusal { _ = try await lab.updateMember(userID: francesID, role: "org:member") }
        try app.check(refusal?.hasCode(.organizationMinimumPermissionsNeeded) == true, "refused (organization_minimum_permissions_needed)")

        app.phase("She makes John an admin, then removes him")
        let promoted = try await lab.updateMember(userID: johnsID, role: "org:admin")
        try app.check(promoted.role == "org:admin", "John is an admin")
        let removed = try await lab.removeMember(userID: johnsID)
        try app.check(removed.publicUserData?.userID == johnsID, "John's membership is removed")
        try app.check(try await app.organizationClaims(of: john, skipCache: true) == nil, "John's next token carries no organization")
        try app.check(app.counter.total - before == 4, "a refusal, a role change, a removal and John's next token: four requests")
    }
}
