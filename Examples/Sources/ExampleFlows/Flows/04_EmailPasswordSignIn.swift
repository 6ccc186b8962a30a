import Clerk
import ClerkClientTrust
import ClerkPassword

// Flow 4 — "Build a custom email/password authentication flow", sign-in.
// One request with the email address and password; on a device the account has not used
// before the sign-in is `needs_client_trust`, confirmed with a code sent to the email address.
extension ExampleFlow {
    static let barbara = Persona(name: "Barbara", emailAddress: "barbara.liskov@example.com", password: "substitution-1987", account: .plain)

    public static let emailPasswordSignIn = ExampleFlow(
        number: 4, name: "email-password-sign-in", title: "Email/password sign-in, Client Trust code on a new device",
        guide: .emailPassword, preset: .emailPassword, people: [barbara],
        needs: [.firstFactor(.password)]
    ) { app in
        var registry = try FactorRegistry([PasswordStrategy()])
        try registry.registerClientTrust()
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: barbara), onEvent: app.events)

        app.phase("Barbara signs in with her email address and password on a new device")
        app.signedIn(try await driver.signIn())
        try app.check(app.transcript.allEvents.contains(.signInStatus(.needsClientTrust)), "the new device was confirmed with an email code")
    }
}
