import Clerk
import ClerkEmailCode

// Flow 6 — "Build a custom sign-in flow with email or phone code", email sign-up.
// Create the sign-up with an email address, email the code, verify it. No password.
extension ExampleFlow {
    static let margaret = Persona(name: "Margaret", emailAddress: "margaret.hamilton@example.com")

    public static let emailCodeSignUp = ExampleFlow(
        number: 6, name: "email-code-sign-up", title: "Email code sign-up",
        guide: .emailOrPhoneCode, preset: .emailCode, people: [margaret]
    ) { app in
        let registry = try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: margaret), onEvent: app.events)

        app.phase("Margaret signs up with her email address and the code emailed to it")
        app.signedIn(try await driver.signUp())
    }
}
