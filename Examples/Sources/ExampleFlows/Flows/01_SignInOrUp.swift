import Clerk
import ClerkClientTrust
import ClerkEmailCode
import ClerkPassword

// Flow 1 — "Build a custom sign-in-or-up flow", the standard way.
// One form, email address and password: try to sign in; when the address has no account
// (`form_identifier_not_found`), sign up with the same address and password, verify the
// address with the emailed code, and accept the terms when the instance requires them. On a
// device the account has not used before, Client Trust asks for an email code as well.
extension ExampleFlow {
    static let ada = Persona(name: "Ada", emailAddress: "ada.lovelace@example.com", password: "analytical-engine-1843")

    public static let signInOrUp = ExampleFlow(
        number: 1, name: "sign-in-or-up", title: "Sign-in-or-up, standard (password, else sign-up)",
        guide: .signInOrUp, preset: .signInOrUp,
        // The standard flow tells at once whether an account exists, so the instance does not hide it.
        adjust: { $0.enumerationProtection = false },
        people: [ada]
    ) { app in
        var strategies = try FactorRegistry([PasswordStrategy(), EmailCodeStrategy(stages: [.signUpVerification])])
        try strategies.registerClientTrust()
        let registry = strategies

        func signInOrUp(on device: ClerkClient) async throws(ClerkError) -> ActiveSession {
            let driver = FlowDriver(client: device, registry: registry, answers: app.answers(for: ada), onEvent: app.events)
            do throws(ClerkError) {
                return try await driver.signIn(strategy: .password)
            } catch  where error.hasCode(.formIdentifierNotFound) {
                // No account with this address yet: sign up with the same address and password.
                return try await driver.signUp()
            }
        }

        app.phase("Ada has no account: she types her email address and a password")
        var mark = app.transcript.mark
        app.signedIn(try await signInOrUp(on: app.newDevice()))
        var steps = app.transcript.events(since: mark)
        try app.check(steps.contains(.signUpStarted), "the unknown address became a sign-up")
        try app.check(steps.contains(.fieldsSupplied([.legalAccepted])), "the missing requirement (legal acceptance) was collected")

        app.phase("Ada signs in on another device: Client Trust asks for an email code")
        mark = app.transcript.mark
        app.signedIn(try await signInOrUp(on: app.newDevice()))
        steps = app.transcript.events(since: mark)
        try app.check(steps.contains(.signInStatus(.needsClientTrust)), "the new device needed an email code (needs_client_trust)")
    }
}
