import Clerk
import ClerkEmailLink
import Foundation

// Flow 49 — "Build a custom flow for authenticating with email links", completed in the app (PKCE),
// as Clerk's iOS SDK does it. Elsie's app keeps a code verifier and sends only its S256 challenge
// with the link. Opening the link in her browser signs nobody in: it sends the browser on to the app
// with a flow id and an approval token. The app shows those with its verifier, gets a one-time
// ticket, and signs her in with it. The same link back again is refused.
extension ExampleFlow {
    static let elsie = Persona(name: "Elsie", emailAddress: "elsie.macgill@example.com", account: .plain)

    public static let emailLinkInApp = ExampleFlow(
        number: 49, name: "email-link-in-app", title: "Email link sign-in completed in the app with a verifier it keeps (PKCE)",
        guide: .emailLinks, preset: .emailLink, people: [elsie],
        needs: [.firstFactor(.emailLink)]
    ) { app in
        guard let email = app.person(elsie).emailAddress else { throw ExampleFailure("Elsie has no email address") }
        let device = app.newDevice()
        let driver = FlowDriver(client: device, registry: try FactorRegistry([]), answers: app.answers(for: elsie), onEvent: app.events)

        app.phase("Elsie asks for a sign-in link; her app keeps the verifier and sends only its challenge")
        let before = app.counter.total
        let pending = try await device.startNativeEmailLinkSignIn(emailAddress: email, redirectURL: emailLinkRedirect)

        app.phase("She taps the link; her browser approves the flow and hands it back to the app")
        let callback = try await LinkOpener.redirect(from: try await app.receivedLink(to: email))
        app.note("the app opens with flow_id and an approval token; alone they sign nobody in")

        app.phase("The app completes the link with its verifier and signs her in with the ticket it gets")
        let signIn = try await pending.complete(link: callback)
        app.signedIn(try await driver.drive(signIn))
        try app.check(
            app.counter.total - before == 4, "create the sign-in, send the link (with the challenge), complete it, sign in with the ticket")

        app.phase("The same link reaches the app again")
        try await app.checkRefused(.approvalTokenConsumed, "refused: the approval was used (approval_token_consumed)", unrefused: "an approval completes once")
        {
            _ = try await pending.complete(link: callback)
        }
    }
}
