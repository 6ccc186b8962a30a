import Clerk
import ClerkEmailLink
import ClerkPassword

// Flow 21 — "Build a custom sign-in flow with client trust", email link fallback.
// On an instance that signs in by email link, a password sign-in on a new device is confirmed by
// a link instead of a code: `needs_client_trust`, the link emailed, opened, the sign-in complete.
extension ExampleFlow {
    static let christine = Persona(name: "Christine", emailAddress: "christine.darden@example.com", password: "sonic-boom-wing-1983", account: .plain)

    public static let clientTrustEmailLink = ExampleFlow(
        number: 21, name: "client-trust-email-link", title: "Client Trust confirmed by an email link",
        guide: .deviceTrust, preset: .emailLink, people: [christine],
        needs: [.firstFactor(.password), .firstFactor(.emailLink)]
    ) { app in
        let registry = try FactorRegistry([
            PasswordStrategy(), EmailLinkStrategy(redirectURL: emailLinkRedirect, stages: [.clientTrust]),
        ])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: christine), onEvent: app.events)

        app.phase("Christine signs in with her password on a new device: an email link confirms it")
        let mark = app.transcript.mark
        app.signedIn(try await driver.signIn())
        try app.check(app.transcript.events(since: mark).contains(.signInStatus(.needsClientTrust)), "the new device needed the email link")
    }
}
