import Clerk

// Flow 12 — "Build a custom sign-in flow with multi-factor authentication", authenticator app.
// The password sign-in is `needs_second_factor`; the 6-digit code the authenticator app shows
// completes it (no code is sent: no prepare step).
extension ExampleFlow {
    static let joan = Persona(
        name: "Joan", emailAddress: "joan.clarke@example.com", password: "hut-eight-banburismus", preferredSecondFactor: .totp,
        account: .init(authenticatorApp: true))

    public static let mfaTOTP = ExampleFlow(
        number: 12, name: "mfa-totp", title: "MFA by authenticator app (TOTP)",
        guide: .multiFactor, preset: .mfa, people: [joan],
        needs: [.firstFactor(.password), .secondFactor(.totp)]
    ) { app in
        let driver = FlowDriver(
            client: app.newDevice(), registry: try multiFactorRegistry(), answers: app.answers(for: joan), onEvent: app.events)

        app.phase("Joan signs in with her password, then her authenticator app's code")
        app.signedIn(try await driver.signIn())
        try app.check(
            app.transcript.allEvents.contains(.factorChosen(strategy: .totp, stage: .secondFactor)),
            "the second factor was the authenticator app")
    }
}
