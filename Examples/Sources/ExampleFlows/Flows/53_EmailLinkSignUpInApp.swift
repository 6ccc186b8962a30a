import Clerk
import ClerkEmailLink
import Foundation

// Flow 53 — "Build a custom flow for authenticating with email links", a sign-up completed in the
// app (PKCE), as Clerk's iOS SDK does it. Mary's app keeps a code verifier and sends only its S256
// challenge with the link that verifies her address. Opening the link in her browser verifies
// nothing: it sends the browser on to the app with a flow id and an approval token. The app shows
// those with its verifier and gets her sign-up back, the address verified and the account made,
// her session already active. The same link back again is refused.
extension ExampleFlow {
    static let marySomerville = Persona(name: "Mary Somerville", emailAddress: "mary.somerville@example.com")

    public static let emailLinkSignUpInApp = ExampleFlow(
        number: 53, name: "email-link-sign-up-in-app", title: "Email link sign-up completed in the app with a verifier it keeps (PKCE)",
        guide: .emailLinks, preset: .emailLink, people: [marySomerville]
    ) { app in
        guard let email = app.person(marySomerville).emailAddress else { throw ExampleFailure("Mary has no email address") }
        let device = app.newDevice()

        app.phase("Mary signs up with her email address; her app keeps the verifier and sends only its challenge with the link")
        let before = app.counter.total
        let pending = try await device.startNativeEmailLinkSignUp(CreateSignUpRequest.Body(emailAddress: email), redirectURL: emailLinkRedirect)

        app.phase("She taps the link; her browser approves the sign-up and hands it back to the app")
        let callback = try await LinkOpener.redirect(from: try await app.receivedLink(to: email))
        app.note("the app opens with flow_id and an approval token; alone they verify nothing")

        app.phase("The app completes the link with its verifier: her address verified, her account made")
        let signUp = try await pending.complete(link: callback)
        app.signedIn(try await signUp.finalize())
        try app.check(
            app.counter.total - before == 3,
            "create the sign-up, send the link (with the challenge), complete it; the answer already has her session active")

        app.phase("The same link reaches the app again")
        try await app.checkRefused(.approvalTokenConsumed, "refused: the approval was used (approval_token_consumed)", unrefused: "an approval completes once")
        {
            _ = try await pending.complete(link: callback)
        }
    }
}
