import Clerk
import ClerkPhoneCode

// Flow 7 — "Build a custom sign-in flow with email or phone code", SMS sign-in.
// One request starts the sign-in and texts the code; one more verifies it.
extension ExampleFlow {
    static let frances = Persona(name: "Frances", phoneNumber: "+14155553842", account: .plain)

    public static let smsCodeSignIn = ExampleFlow(
        number: 7, name: "sms-code-sign-in", title: "SMS code sign-in",
        guide: .emailOrPhoneCode, preset: .phoneCode, people: [frances],
        needs: [.firstFactor(.phoneCode)]
    ) { app in
        let registry = try FactorRegistry([PhoneCodeStrategy()])
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: frances), onEvent: app.events)

        app.phase("Frances signs in with her phone number and the code texted to it")
        app.signedIn(try await driver.signIn())
    }
}
