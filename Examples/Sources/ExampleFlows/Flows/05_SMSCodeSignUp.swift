import Clerk
import ClerkPhoneCode

// Flow 5 — "Build a custom sign-in flow with email or phone code", SMS sign-up.
// Create the sign-up with a phone number (E.164), text the code, verify it.
extension ExampleFlow {
    static let radia = Persona(name: "Radia", phoneNumber: "+14155552671")

    public static let smsCodeSignUp = ExampleFlow(
        number: 5, name: "sms-code-sign-up", title: "SMS code sign-up",
        guide: .emailOrPhoneCode, preset: .phoneCode, people: [radia]
    ) { app in
        let registry = try FactorRegistry([PhoneCodeStrategy(stages: [.signUpVerification])])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: radia), onEvent: app.events)

        app.phase("Radia signs up with her phone number and the code texted to it")
        app.signedIn(try await driver.signUp())
    }
}
