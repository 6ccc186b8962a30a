import Clerk
import ClerkEmailLink
import Foundation

// Flow 19 — "Build a custom flow for authenticating with email links", sign-in.
// One request starts the sign-in and emails the link. Gladys opens it on another device (her
// laptop's browser); the app on her phone sees the sign-in complete by reading it again.
extension ExampleFlow {
    /// Where an opened email link sends the browser: a scheme the examples' instances allow.
    public static let emailLinkRedirect = URL(string: "clerk-local://email-link")!

    static let gladys = Persona(name: "Gladys", emailAddress: "gladys.west@example.com", account: .plain)

    public static let emailLinkSignIn = ExampleFlow(
        number: 19, name: "email-link-sign-in", title: "Email link sign-in, the link opened on another device",
        guide: .emailLinks, preset: .emailLink, people: [gladys],
        needs: [.firstFactor(.emailLink)]
    ) { app in
        let registry = try FactorRegistry([EmailLinkStrategy(redirectURL: emailLinkRedirect, stages: [.firstFactor])])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: gladys), onEvent: app.events)

        app.phase("Gladys asks for a sign-in link and opens it on her laptop; her phone's app goes on by itself")
        app.signedIn(try await driver.signIn())
    }
}
