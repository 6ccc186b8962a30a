import Clerk
import ClerkIDToken
import ClerkLocalServer

// Flow 25 — Sign in with Apple, natively: the app hands the identity token Apple gave it to the
// Frontend API (`oauth_token_apple`). The first time, no account has Chien-Shiung's Apple identity: the
// sign-in is transferable, the transfer signs her up from the token (verified address, names, the
// Apple account linked) and she accepts the terms the instance requires. On another device, a
// fresh token signs her in with one request.
extension ExampleFlow {
    static let chienShiung = Persona(
        name: "Chien-Shiung", emailAddress: "chien-shiung.wu@example.com", firstName: "Chien-Shiung", lastName: "Wu")

    public static let signInWithApple = ExampleFlow(
        number: 25, name: "sign-in-with-apple", title: "Sign in with Apple (identity token): sign-up by transfer, then one request",
        guide: .oauthConnections, preset: .social, people: [chienShiung]
    ) { app in
        let registry = try FactorRegistry([IdentityTokenStrategy(.apple)])
        let appleUser = "001234.chienshiung.apple"

        app.phase("Chien-Shiung taps Sign in with Apple for the first time; Apple gives the app her identity token")
        var mark = app.transcript.mark
        let phone = FlowDriver(client: try await app.launchedDevice(), registry: registry, answers: app.answers(for: chienShiung), onEvent: app.events)
        let first = try IdentityToken(.apple, token: SecretString(try await app.identityToken(.apple, for: chienShiung, subject: appleUser)))
        app.signedIn(try await phone.signIn(with: first))
        var steps = app.transcript.events(since: mark)
        try app.check(steps.contains(.transferringToSignUp), "no account had her Apple identity: the sign-in was transferred to a sign-up")
        try app.check(steps.contains(.fieldsSupplied([.legalAccepted])), "the missing requirement (legal acceptance) was collected")

        app.phase("On her laptop, a fresh Apple token: signed in with one request")
        mark = app.transcript.mark
        let laptop = FlowDriver(client: try await app.launchedDevice(), registry: registry, answers: app.answers(for: chienShiung), onEvent: app.events)
        let again = try IdentityToken(.apple, token: SecretString(try await app.identityToken(.apple, for: chienShiung, subject: appleUser)))
        app.signedIn(try await laptop.signIn(with: again))
        steps = app.transcript.events(since: mark)
        try app.check(!steps.contains(.transferringToSignUp), "her Apple identity was known: signed in, not signed up")
    }
}
