import Clerk
import ClerkEmailLink

// Flow 20 — "Build a custom flow for authenticating with email links", sign-up.
// Create the sign-up with an email address, email the verification link, open it: the sign-up
// completes on the device that started it. No password.
extension ExampleFlow {
    static let hedwig = Persona(name: "Hedwig", emailAddress: "hedwig.kohn@example.com")

    public static let emailLinkSignUp = ExampleFlow(
        number: 20, name: "email-link-sign-up", title: "Email link sign-up",
        guide: .emailLinks, preset: .emailLink, people: [hedwig]
    ) { app in
        let registry = try FactorRegistry([EmailLinkStrategy(redirectURL: emailLinkRedirect, stages: [.signUpVerification])])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: hedwig), onEvent: app.events)

        app.phase("Hedwig signs up with her email address and opens the link emailed to it")
        app.signedIn(try await driver.signUp())
    }
}
