import Clerk
import ClerkOrganizations
import ClerkPassword
import Foundation

// Flow 42 — "Build a custom flow for updating an organization". Carol, an admin of her
// organization, renames it and changes its slug in one request, uploads a logo (the answer's
// image_url serves it), then removes the logo: the organization shows the default one again.
extension ExampleFlow {
    static let carolShaw = Persona(
        name: "Carol", emailAddress: "carol.shaw@example.com", password: "river-raid-1982-atari", account: .plain)

    /// A 1×1 PNG: what an app would read from the photo picker.
    static let logoPNG = Data(
        base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

    public static let updateOrganization = ExampleFlow(
        number: 42, name: "update-organization", title: "Update an organization: rename, new slug, a logo uploaded then removed",
        guide: .updateOrganizations, preset: .emailPassword, adjust: { $0.clientTrust = false }, people: [carolShaw],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = app.newDevice()
        let registry = try FactorRegistry([PasswordStrategy()])
        app.signedIn(try await FlowDriver(client: device, registry: registry, answers: app.answers(for: carolShaw), onEvent: app.events).signIn())
        let team = try await device.account().createOrganization(name: "Programming Methodology", slug: "programming-methodology")

        app.phase("Carol renames the organization and changes its slug: one request")
        var before = app.counter.total
        let renamed = try await team.update(name: "Programming Methodology Group", slug: "pmg")
        try app.check(renamed.name == "Programming Methodology Group" && renamed.slug == "pmg", "the new name and slug are the organization's")
        try app.check(app.counter.total - before == 1, "one request")

        app.phase("She uploads a logo, then removes it")
        before = app.counter.total
        let withLogo = try await team.uploadLogo(logoPNG, mediaType: "image/png")
        try app.check(withLogo.hasImage, "the organization has an image; image_url serves it")
        let removed = try await team.removeLogo()
        try app.check(removed.deleted == true, "the logo is removed")
        try app.check(app.counter.total - before == 2, "uploading and removing: two requests")
        let now = try await team.organization()
        try app.check(!now.hasImage && now.imageURL != withLogo.imageURL, "the organization shows the default logo again")
    }
}
