import Clerk

// Flow 13 — "Build a custom sign-in flow with multi-factor authentication", backup code.
// The password sign-in is `needs_second_factor`; a backup code completes it. Each backup code
// works once: typed again at a later sign-in it is refused, and the next one on the list works.
extension ExampleFlow {
    static let dorothy = Persona(
        name: "Dorothy", emailAddress: "dorothy.vaughan@example.com", password: "fortran-langley-1961",
        preferredSecondFactor: .backupCode, account: .init(authenticatorApp: true, backupCodes: true))

    public static let mfaBackupCode = ExampleFlow(
        number: 13, name: "mfa-backup-code", title: "MFA by backup code, then the same code refused",
        guide: .multiFactor, preset: .mfa, people: [dorothy],
        needs: [.firstFactor(.password), .secondFactor(.totp), .secondFactor(.backupCode)]
    ) { app in
        let device = app.newDevice()
        let driver = FlowDriver(
            client: device, registry: try multiFactorRegistry(), answers: app.answers(for: dorothy), onEvent: app.events)

        app.phase("Dorothy has no phone at hand: she signs in with a backup code")
        app.signedIn(try await driver.signIn())

        app.phase("Dorothy signs out, later signs in again and types the same backup code")
        try await device.signOut()
        let mark = app.transcript.mark
        app.signedIn(try await driver.signIn())
        let refusals = app.transcript.events(since: mark).flatMap(\.rejectionCodes)
        try app.check(refusals.contains("form_code_incorrect"), "the used backup code was refused, and the next one worked")
    }
}
