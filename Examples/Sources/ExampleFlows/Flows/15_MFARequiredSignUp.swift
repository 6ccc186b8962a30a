import Clerk
import ClerkEmailCode

// Flow 15 — "Require multi-factor authentication": a new user's session is `pending` with the
// `setup-mfa` task. The flow driver resolves it: Evelyn picks the authenticator app, adds it
// with the URI it shows, types its code, keeps the backup codes, and the session is active.
extension ExampleFlow {
    static let evelyn = Persona(
        name: "Evelyn", emailAddress: "evelyn.granville@example.com", password: "project-mercury-1961",
        preferredSecondFactor: .totp)

    public static let mfaRequiredSignUp = ExampleFlow(
        number: 15, name: "mfa-required-sign-up", title: "Sign-up under required MFA: the setup-mfa task",
        guide: .sessionTasks, preset: .mfa, adjust: { $0.mfa.required = true }, people: [evelyn],
        needs: [.mfaRequired, .secondFactor(.totp)]
    ) { app in
        var registry = try multiFactorRegistry()
        try registry.register(EmailCodeStrategy(stages: [.signUpVerification]))
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: evelyn), onEvent: app.events)

        app.phase("Evelyn signs up; the instance requires MFA, so she sets up a second factor before her session is active")
        let session = try await driver.signUp()
        app.signedIn(session)
        try app.check(app.transcript.allEvents.contains(.sessionTasks([.setupMFA])), "the new session was pending with setup-mfa")
        try app.check(app.transcript.allEvents.contains(.sessionTaskCompleted(.setupMFA)), "the flow set up the second factor")
        try app.check(session.status == .active && session.tasks.isEmpty, "the session is active, with no tasks left")
    }
}
