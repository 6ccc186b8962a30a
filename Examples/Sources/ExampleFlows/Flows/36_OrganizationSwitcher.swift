import Clerk
import ClerkOrganizations

// Flow 36 — "Build a custom flow for switching organizations". Barbara belongs to two
// organizations. The switcher lists her memberships, makes one active (her session token then
// carries it in its `o` claim: id, slug, role, permissions), switches to the other, and goes back
// to her personal account, whose token carries no organization. Each switch is one request: its
// answer brings the new token, so reading the token sends nothing.
extension ExampleFlow {
    static let barbaraLiskov = Persona(
        name: "Barbara", emailAddress: "barbara.liskov@example.com", password: "substitution-principle-1987", account: .plain)

    public static let organizationSwitcher = ExampleFlow(
        number: 36, name: "organization-switcher", title: "Organization switcher: list, set active, switch, personal account",
        guide: .organizationSwitcher, preset: .emailPassword, adjust: { $0.withInvoicePermissions() }, people: [barbaraLiskov],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = try await app.signedInDevice(barbaraLiskov)
        let account = try await device.account()
        let lab = try await account.createOrganization(name: "Programming Methodology Group", slug: "pmg")
        let clu = try await account.createOrganization(name: "CLU Language", slug: "clu")

        app.phase("The switcher lists Barbara's organizations")
        var before = app.counter.total
        let memberships = try await account.organizationMemberships().items
        try app.check(Set(memberships.map(\.organization.id)) == [lab.organizationID, clu.organizationID], "she belongs to both organizations")
        try app.check(app.counter.total - before == 1, "listing them took one request")

        app.phase("She picks the Programming Methodology Group, then CLU Language")
        before = app.counter.total
        let session = try await device.setActive(organization: lab.organizationID)
        try app.check(session.activeOrganizationID == lab.organizationID, "the session's active organization is the group")
        let claims = try await app.organizationClaims(of: device)
        try app.check(
            claims?.organizationID == lab.organizationID && claims?.slug == "pmg" && claims?.role == "org:admin",
            "her token's o claim names the group, its slug and her role (\(claims.map(String.init(describing:)) ?? "none"))")
        let token = try await device.sessionToken()
        try app.check(token.has(role: "admin") && token.has(permission: "org:invoices:manage"), "has(role:) and has(permission:) read the token")
        try app.check(!token.has(permission: "org:billing:manage"), "a permission her role lacks is not granted")
        try app.check(!token.has(permission: "org:sys_memberships:manage"), "system permissions are never in a token")
        try await device.setActive(organization: clu.organizationID)
        try app.check(try await app.organizationClaims(of: device)?.slug == "clu", "after the switch her token is CLU Language's")
        try app.check(app.counter.total - before == 2, "two switches took two requests; the tokens came with them")

        app.phase("She goes back to her personal account")
        before = app.counter.total
        let personal = try await device.setActive(organization: nil)
        try app.check(personal.activeOrganizationID == nil, "the session has no active organization")
        try app.check(try await app.organizationClaims(of: device) == nil, "her token carries no o claim")
        try app.check(app.counter.total - before == 1, "going back took one request")
    }
}
