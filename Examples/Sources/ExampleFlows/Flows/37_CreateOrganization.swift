import Clerk
import ClerkOrganizations

// Flow 37 — "Build a custom flow for creating organizations". Grace creates an organization with
// a slug of her choosing and becomes its admin; the app makes it her active organization. A second
// organization asking for the same slug is refused: slugs are unique.
extension ExampleFlow {
    static let graceHopper = Persona(name: "Grace", emailAddress: "grace.hopper@example.com", password: "first-compiler-a0-1952", account: .plain)

    public static let createOrganization = ExampleFlow(
        number: 37, name: "create-organization", title: "Create an organization: its admin, active; a taken slug refused",
        guide: .createOrganizations, preset: .emailPassword, adjust: { $0.withInvoicePermissions() }, people: [graceHopper],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = try await app.signedInDevice(graceHopper)
        let account = try await device.account()

        app.phase("Grace creates Compiler Works and makes it active")
        let before = app.counter.total
        let created = try await account.createOrganization(name: "Compiler Works", slug: "compiler-works")
        try await device.setActive(organization: created.organizationID)
        let claims = try await app.organizationClaims(of: device)
        try app.check(claims?.organizationID == created.organizationID && claims?.slug == "compiler-works", "her token names the new organization")
        try app.check(claims?.has(role: "org:admin") == true, "the creator is its admin (org:admin)")
        try app.check(app.counter.total - before == 2, "creating it and making it active took two requests")

        app.phase("Another organization asks for the same slug: refused")
        let refusal = try await app.refusal { _ = try await account.createOrganization(name: "Compiler Works II", slug: "compiler-works") }
        try app.check(
            refusal?.hasCode(.formIdentifierExists) == true && refusal?.apiErrors.first?.meta?.paramName == "slug",
            "the taken slug was refused (form_identifier_exists on slug)")
        try app.check(app.counter.total - before == 3, "the refusal took one request")
    }
}
