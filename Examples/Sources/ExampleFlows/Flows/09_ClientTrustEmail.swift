import Clerk
import ClerkClientTrust
import ClerkPassword

// Flow 9 — "Build a custom sign-in flow with client trust", email.
// A password sign-in on a new device is `needs_client_trust`: an email code confirms the
// device. Signing in again later on the same, now trusted, device needs no code.
extension ExampleFlow {
    static let annie = Persona(name: "Annie", emailAddress: "annie.easley@example.com", password: "centaur-rocket-1955", account: .plain)

    public static let clientTrustEmail = ExampleFlow(
        number: 9, name: "client-trust-email", title: "Client Trust, email + password: new device, then trusted device",
        guide: .deviceTrust, preset: .clientTrust, people: [annie]
    ) { app in
        var registry = try FactorRegistry([PasswordStrategy()])
        try registry.registerClientTrust()
        let device = app.newDevice()
        let driver = FlowDriver(client: device, registry: registry, answers: app.answers(for: annie), onEvent: app.events)

        app.phase("Annie signs in on a new device: an email code confirms it")
        var mark = app.transcript.mark
        app.signedIn(try await driver.signIn())
        try app.check(app.transcript.events(since: mark).contains(.signInStatus(.needsClientTrust)), "the new device needed an email code")

        app.phase("Annie signs out, then signs in again on the same device: it is trusted now")
        try await device.signOut()
        mark = app.transcript.mark
        app.signedIn(try await driver.signIn())
        let steps = app.transcript.events(since: mark)
        try app.check(!steps.contains(where: \.isCodeRequest), "the trusted device signed in with the password alone (no code)")
    }
}
