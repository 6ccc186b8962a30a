import Clerk
import ClerkEmailCode

// Flow 8 — "Build a custom sign-in flow with email or phone code", email sign-in.
// One request starts the sign-in and emails the code; one more verifies it.
extension ExampleFlow {
    static let hedy = Persona(name: "Hedy", emailAddress: "hedy.lamarr@example.com", account: .plain)

    public static let emailCodeSignIn = ExampleFlow(
        number: 8, name: "email-code-sign-in", title: "Email code sign-in",
        guide: .emailOrPhoneCode, preset: .emailCode, people: [hedy],
        needs: [.firstFactor(.emailCode)]
    ) { app in
        let registry = try FactorRegistry([EmailCodeStrategy()])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: hedy), onEvent: app.events)

        app.phase("Hedy signs in with her email address and the code emailed to it")
        app.signedIn(try await driver.signIn())
    }
}
