import Clerk
import ClerkClientTrust
import ClerkPassword

// Flow 17 — a compromised password. The instance has flagged Jean's password (the admin API
// does this), so her next session is `pending` with the `reset-password` task; the flow driver
// asks a new password and sets it with `change_password` (no current password needed for the
// task), and the session is active.
extension ExampleFlow {
    static let jean = Persona(
        name: "Jean", emailAddress: "jean.sammet@example.com", password: "formula-manipulation-1962",
        account: .init(passwordCompromised: true), newPassword: "programming-languages-1969")

    public static let compromisedPassword = ExampleFlow(
        number: 17, name: "compromised-password", title: "Compromised password: the reset-password task",
        guide: .sessionTasks, preset: .emailPassword, people: [jean],
        needs: [.firstFactor(.password), .secretKey(purpose: "flag Jean's password compromised, as a backend does")]
    ) { app in
        var registry = try FactorRegistry([PasswordStrategy()])
        try registry.registerClientTrust()
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: jean), onEvent: app.events)

        app.phase("Jean signs in; her password was flagged compromised, so she sets a new one before her session is active")
        let session = try await driver.signIn()
        app.signedIn(session)
        try app.check(app.transcript.allEvents.contains(.sessionTasks([.resetPassword])), "the new session was pending with reset-password")
        try app.check(app.transcript.allEvents.contains(.passwordChanged), "the new password was set")
        try app.check(session.status == .active && session.tasks.isEmpty, "the session is active, with no tasks left")
    }
}
