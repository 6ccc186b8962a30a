import Clerk
import ClerkClientTrust
import ClerkPassword

// Flow 10 — "Build a custom sign-in flow with client trust", phone.
// With every email option disabled, Client Trust falls back to an SMS code: a phone number and
// password sign-in on a new device is confirmed with the code texted to that number.
extension ExampleFlow {
    static let katalin = Persona(name: "Katalin", phoneNumber: "+14155554913", password: "messenger-rna-2005", account: .plain)

    public static let clientTrustPhone = ExampleFlow(
        number: 10, name: "client-trust-phone", title: "Client Trust, phone + password (email disabled): SMS code",
        guide: .deviceTrust, preset: .clientTrustPhone, people: [katalin]
    ) { app in
        var registry = try FactorRegistry([PasswordStrategy()])
        try registry.registerClientTrust()
        let driver = FlowDriver(client: app.newDevice(), registry: registry, answers: app.answers(for: katalin), onEvent: app.events)

        app.phase("Katalin signs in with her phone number and password on a new device")
        app.signedIn(try await driver.signIn())
        try app.check(
            app.transcript.allEvents.contains(.factorChosen(strategy: .phoneCode, stage: .clientTrust)),
            "the new device was confirmed with an SMS code")
    }
}
