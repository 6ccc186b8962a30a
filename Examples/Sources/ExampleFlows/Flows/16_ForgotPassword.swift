import Clerk
import ClerkClientTrust
import ClerkPassword

// Flow 16 — forgot password. Adele is signed in on her laptop; on her phone she resets her
// password with a code sent to her email address (`reset_password_email_code`, then
// `reset_password` with `sign_out_of_other_sessions`). Her old password is refused afterwards
// and the laptop's session has ended.
extension ExampleFlow {
    static let adele = Persona(
        name: "Adele", emailAddress: "adele.goldberg@example.com", password: "smalltalk-eighty-1980", account: .plain,
        newPassword: "model-view-controller-1979")

    public static let forgotPassword = ExampleFlow(
        number: 16, name: "forgot-password", title: "Forgot password: reset by email code, other sessions signed out",
        guide: .forgotPassword, preset: .emailPassword, people: [adele],
        needs: [.firstFactor(.password)]
    ) { app in
        var registry = try FactorRegistry([PasswordStrategy()])
        try registry.registerClientTrust()
        try registry.registerPasswordReset()
        let answers = app.answers(for: adele)
        // As this run knows her: against a separate instance her address carries the run's tag.
        let email = app.person(adele).emailAddress ?? ""

        app.phase("Adele is signed in on her laptop")
        let laptop = app.newDevice()
        let earlier = try await FlowDriver(client: laptop, registry: registry, answers: answers, onEvent: app.events).signIn()
        app.signedIn(earlier)

        app.phase("On her phone she has forgotten her password: a code sent to her email address lets her set a new one")
        let phone = app.newDevice()
        app.signedIn(try await FlowDriver(client: phone, registry: registry, answers: answers, onEvent: app.events).resetPassword(identifier: email))
        try app.check(app.transcript.allEvents.contains(.passwordChanged), "the new password was set")

        app.phase("The old password is refused, and the laptop is signed out")
        do {
            _ = try await app.newDevice().createSignIn(CreateSignInRequest.Body(identifier: email, password: adele.password?.revealed))
            try app.check(false, "the old password is refused")
        } catch let error as ClerkError where error.hasCode(.formPasswordIncorrect) {
            try app.check(true, "the old password is refused")
        }
        let laptopClient = try await laptop.refresh()
        try app.check(
            laptopClient?.sessions.contains { $0.id == earlier.id && $0.status == .active } != true,
            "the laptop's session ended with the reset")
    }
}
