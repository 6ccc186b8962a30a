import Clerk
import ClerkPassword

// Flow 29 — "Build a custom sign-out flow". Edsger signs in, his app calls its backend on the token
// the sign-in brought, and he taps Sign out: one request ends the session on the server, and the
// device drops its tokens, so asking for a token afterwards fails at once, with no request.
extension ExampleFlow {
    static let edsger = Persona(name: "Edsger", emailAddress: "edsger.dijkstra@example.com", password: "shortest-path-1956", account: .plain)

    public static let signOut = ExampleFlow(
        number: 29, name: "sign-out", title: "Sign out: one request ends the session, the device keeps no token",
        guide: .signOut, preset: .emailPassword, adjust: { $0.clientTrust = false }, people: [edsger],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = app.newDevice()

        app.phase("Edsger signs in with his password; the app calls its backend")
        let session = try await FlowDriver(
            client: device, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: edsger), onEvent: app.events
        ).signIn()
        app.signedIn(session)
        try await app.callBackend(from: device)

        app.phase("Edsger taps Sign out")
        let before = app.counter.total
        let ended = try await device.signOut()
        try app.check(ended.id == session.id && ended.status != .active, "the server ended the session (\(ended.status.rawValue))")
        try app.check(app.counter.total - before == 1, "signing out took one request")
        let signedIn = await device.signedInSessions
        try app.check(signedIn.isEmpty, "the app shows no one signed in")
        do {
            _ = try await device.sessionToken()
            try app.check(false, "a signed-out device has no session token to give")
        } catch let error as ClerkError {
            try app.check(error == .flow(.noSession), "asking for a token after signing out fails at once (no session)")
        }
        try app.check(app.counter.total - before == 1, "the refused token took no request")
    }
}
