import Clerk
import ClerkTicket
import Foundation

// Flow 35 — "Build a custom flow for handling embedded email links". The app's backend mints a sign-in
// token for Ida (Backend API) and emails her a link to the app with it in `__clerk_ticket`. She taps
// the link; the app reads the ticket from the URL it opened with and signs in with it: one request,
// nothing typed. (Flow 22 hands the app the token directly; here it travels in the link.)
extension ExampleFlow {
    static let ida = Persona(name: "Ida", emailAddress: "ida.noddack@example.com", password: "nuclear-fission-1934", account: .plain)

    public static let embeddedEmailLink = ExampleFlow(
        number: 35, name: "embedded-email-link", title: "A sign-in token embedded in an emailed link, opened by the app",
        guide: .embeddedEmailLinks, preset: .emailPassword, people: [ida],
        needs: [.secretKey(purpose: "mint a sign-in token, as a backend does")]
    ) { app in
        app.phase("Ida's backend mints a sign-in token and emails her a link to the app that carries it")
        guard let email = app.person(ida).emailAddress else { throw ExampleFailure("Ida has no email address") }
        let token = try await app.mintSignInToken(for: email)
        var link = URLComponents(string: "https://app.example.com/sign-in")!
        link.queryItems = [URLQueryItem(name: "__clerk_ticket", value: token)]
        guard let opened = link.url else { throw ExampleFailure("the link is not a URL") }
        app.note("the backend's own mail (not Clerk's) delivers https://app.example.com/sign-in?__clerk_ticket=<redacted>")

        app.phase("Ida taps the link; the app opens with its URL, reads the ticket and signs her in")
        let ticket = try Ticket(url: opened)
        let before = app.counter.total
        let driver = FlowDriver(client: app.newDevice(), registry: try FactorRegistry([]), answers: app.answers(for: ida), onEvent: app.events)
        let session = try await driver.signIn(ticket: ticket)
        app.signedIn(session)
        try app.check(app.counter.total - before == 1, "the ticket from the link signed her in with one request")
        try app.check(session.session.user?.emailAddresses.contains { $0.emailAddress == email } == true, "the session is Ida's account's")
    }
}
