import Clerk
import ClerkLocalServer
import ClerkOAuth

// Flow 27 — a cancelled consent: Tony starts Continue with Google and denies at the provider's
// page. The Frontend API's callback still sends the browser back to the app, and the sign-in read
// again has a failed verification with `oauth_access_denied`; no account is created. He changes
// his mind and continues: a new sign-in, and his first, so a sign-up by transfer.
extension ExampleFlow {
    static let tony = Persona(name: "Tony", emailAddress: "tony.hoare@example.com", firstName: "Tony", lastName: "Hoare")

    public static let cancelledConsent = ExampleFlow(
        number: 27, name: "cancelled-consent", title: "A cancelled consent at the provider (oauth_access_denied)",
        guide: .oauthConnections, preset: .social, people: [tony]
    ) { app in
        app.phase("Tony taps Continue with Google, then denies at the provider's page")
        let device = FlowDriver(
            client: try await app.launchedDevice(), registry: FactorRegistry(), answers: app.answers(for: tony), onEvent: app.events)
        do {
            app.signedIn(try await device.signIn(with: .google, through: app.oauthBrowser(as: tony, denies: true)))
            try app.check(false, "denying at the provider signs no one in")
        } catch let error as ClerkError where error.hasCode(.oauthAccessDenied) {
            app.note("the sign-in's verification failed: \(error.apiErrors.first?.longMessage ?? "oauth_access_denied")")
            try app.check(true, "the app learned the consent was denied (oauth_access_denied)")
        }

        app.phase("Tony tries again and continues at the provider: his account is created")
        app.signedIn(try await device.signIn(with: .google, through: app.oauthBrowser(as: tony)))
    }
}
