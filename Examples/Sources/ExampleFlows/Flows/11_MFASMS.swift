import Clerk
import ClerkBackupCode
import ClerkClientTrust
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP

// Flow 11 — "Build a custom sign-in flow with multi-factor authentication", SMS code.
// The password sign-in is `needs_second_factor`; the code texted to the account's phone number
// completes it. MFA takes precedence over Client Trust, so no other code is asked.
extension ExampleFlow {
    /// The strategies an app offering the three second factors of the MFA guide registers.
    static func multiFactorRegistry() throws -> FactorRegistry {
        var registry = try FactorRegistry([
            PasswordStrategy(), PhoneCodeStrategy(stages: [.secondFactor]), TOTPStrategy(), BackupCodeStrategy(),
        ])
        try registry.registerClientTrust()
        return registry
    }

    static let mary = Persona(
        name: "Mary", emailAddress: "mary.jackson@example.com", phoneNumber: "+14155556084", password: "wind-tunnel-1958",
        account: .init(smsSecondFactor: true))

    public static let mfaSMS = ExampleFlow(
        number: 11, name: "mfa-sms", title: "MFA by SMS code",
        guide: .multiFactor, preset: .mfa, people: [mary],
        needs: [.firstFactor(.password), .secondFactor(.phoneCode)]
    ) { app in
        let driver = FlowDriver(
            client: app.newDevice(), registry: try multiFactorRegistry(), answers: app.answers(for: mary), onEvent: app.events)

        app.phase("Mary signs in with her password, then the code texted to her phone")
        app.signedIn(try await driver.signIn())
        try app.check(
            app.transcript.allEvents.contains(.factorChosen(strategy: .phoneCode, stage: .secondFactor)),
            "the second factor was an SMS code")
    }
}
