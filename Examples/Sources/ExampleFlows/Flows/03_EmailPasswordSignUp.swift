import Clerk
import ClerkEmailCode

// Flow 3 — "Build a custom email/password authentication flow", sign-up.
// Create the sign-up with an email address and a password, send the verification code to the
// address, verify it: the sign-up completes and its session becomes active.
extension ExampleFlow {
    static let alan = Persona(name: "Alan", emailAddress: "alan.turing@example.com", password: "enigma-bombe-1939")

    public static let emailPasswordSignUp = ExampleFlow(
        number: 3, name: "email-password-sign-up", title: "Email/password sign-up, email code verification",
        guide: .emailPassword, preset: .emailPassword, people: [alan]
    ) { app in
        let registry = try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: alan), onEvent: app.events)

        app.phase("Alan signs up with his email address and a password")
        app.signedIn(try await driver.signUp())
        try app.check(
            app.transcript.allEvents.contains { if case .codeRequested(let prompt) = $0 { prompt.stage == .signUpVerification } else { false } },
            "the email address was verified with an emailed code")
    }
}
