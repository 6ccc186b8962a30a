import Clerk
import ClerkLocalServer
import ClerkOAuth

// Flow 26 — Google through the browser (OAuth), against clerk-local's built-in provider: the app
// starts the sign-in with a loopback redirect URL, the browser goes through the provider's page and
// the Frontend API's `/v1/oauth_callback` back to the app with `rotating_token_nonce`, and the app
// reads the sign-in again. The first time no account has Youyou's Google identity: the sign-in is
// transferable, the transfer signs her up and she accepts the terms. On another device her Google
// account signs her in.
extension ExampleFlow {
    static let youyou = Persona(name: "Youyou", emailAddress: "youyou.tu@example.com", firstName: "Youyou", lastName: "Tu")

    public static let googleSignIn = ExampleFlow(
        number: 26, name: "google-sign-in", title: "Google sign-in through the browser (OAuth): sign-up by transfer, then a sign-in",
        guide: .oauthConnections, preset: .social, people: [youyou]
    ) { app in
        let registry = FactorRegistry()

        app.phase("Youyou taps Continue with Google for the first time")
        var mark = app.transcript.mark
        let phone = FlowDriver(client: try await app.launchedDevice(), registry: registry, answers: app.answers(for: youyou), onEvent: app.events)
        app.signedIn(try await phone.signIn(with: .google, through: app.oauthBrowser(as: youyou)))
        var steps = app.transcript.events(since: mark)
        try app.check(steps.contains(.transferringToSignUp), "no account had her Google identity: the sign-in was transferred to a sign-up")
        try app.check(steps.contains(.fieldsSupplied([.legalAccepted])), "the missing requirement (legal acceptance) was collected")

        app.phase("On her laptop, Continue with Google again: signed in")
        mark = app.transcript.mark
        let laptop = FlowDriver(client: try await app.launchedDevice(), registry: registry, answers: app.answers(for: youyou), onEvent: app.events)
        app.signedIn(try await laptop.signIn(with: .google, through: app.oauthBrowser(as: youyou)))
        steps = app.transcript.events(since: mark)
        try app.check(!steps.contains(.transferringToSignUp), "her Google identity was known: signed in, not signed up")
    }
}
