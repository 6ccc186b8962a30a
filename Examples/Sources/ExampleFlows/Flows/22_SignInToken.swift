import Clerk
import ClerkTicket

// Flow 22 — a sign-in token minted by the app's backend (magic onboarding, a support login, a test).
// The backend asks the Backend API for a token for Lise; the app signs in with it as a ticket, in
// one request and with nothing typed. The token works once.
extension ExampleFlow {
    static let lise = Persona(name: "Lise", emailAddress: "lise.meitner@example.com", password: "fission-barium-1938", account: .plain)

    public static let signInToken = ExampleFlow(
        number: 22, name: "sign-in-token", title: "A backend-minted sign-in token, used once",
        guide: .embeddedEmailLinks, preset: .emailPassword, people: [lise],
        needs: [.secretKey(purpose: "mint a sign-in token, as a backend does")]
    ) { app in
        let driver = FlowDriver(client: app.newDevice(), registry: try FactorRegistry([]), answers: app.answers(for: lise), onEvent: app.events)

        app.phase("Lise's backend mints a sign-in token; her app signs in with it, nothing typed")
        guard let email = app.person(lise).emailAddress else { throw ExampleFailure("Lise has no email address") }
        let token = try await app.mintSignInToken(for: email)
        let ticket = try Ticket(SecretString(token))
        app.signedIn(try await driver.signIn(ticket: ticket))

        app.phase("The same token again, on another device: refused, it works once")
        var refusal: ClerkError?
        do {
            _ = try await app.newDevice().signIn(ticket: ticket)
        } catch let error as ClerkError {
            refusal = error
        }
        try app.check(refusal?.hasCode(.signInTokenAlreadyUsedCode) == true, "a used sign-in token was refused (sign_in_token_already_used_code)")
    }
}
