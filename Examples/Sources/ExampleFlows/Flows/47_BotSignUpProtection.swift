import Clerk
import ClerkEmailCode
import NIOConcurrencyHelpers

// Flow 47 — "Add bot protection to your custom sign-up flow". The instance turns on bot sign-up
// protection. Valerie's app read the environment at launch, so it knows a captcha is needed: its widget
// runs once and the token goes with the sign-up's creation, adding no request. A script with no
// widget is refused by the server (captcha_missing_token), and the SDK, having read why, stops with an
// error that names what the app lacks.
extension ExampleFlow {
    static let valerie = Persona(name: "Valerie", emailAddress: "valerie.thomas@example.com")

    public static let botSignUpProtection = ExampleFlow(
        number: 47, name: "bot-sign-up-protection", title: "Sign-up with a captcha token (bot sign-up protection), email code",
        guide: .botSignUpProtection, preset: .emailCode, adjust: { $0.botProtection.enabled = true }, people: [valerie],
        needs: [.botProtection]
    ) { app in
        let widgetShown = NIOLockedValueBox(0)
        let device = app.newDevice(
            captchaProvider: TestCaptchaWidget { challenge in
                widgetShown.withLockedValue { $0 += 1 }
                app.note("the app shows the \(challenge.provider) widget (\(challenge.widgetType)); it passes")
            })
        let registry = try FactorRegistry([EmailCodeStrategy(stages: [.signUpVerification])])
        let driver = FlowDriver(client: device, registry: registry, answers: app.answers(for: valerie), onEvent: app.events)

        app.phase("Valerie's app starts and reads the instance's environment")
        let environment = try await device.environment()
        try app.check(environment.userSettings?.signUp?.captchaEnabled == true, "the environment asks for a captcha on sign-ups")

        app.phase("Valerie signs up with her email address; the captcha runs as the sign-up is created")
        let before = app.counter.total
        app.signedIn(try await driver.signUp())
        try app.check(widgetShown.withLockedValue { $0 } == 1, "the widget ran once")
        try app.check(app.counter.total - before == 3, "create (with the token), send the code, verify it: no extra request")

        app.phase("A script with no captcha widget tries to sign up")
        let script = app.newDevice()
        let scriptBefore = app.counter.total
        do {
            _ = try await script.createSignUp(.init(emailAddress: "bot@example.com"))
            try app.check(false, "a sign-up without a captcha token is refused")
        } catch let error as ClerkError {
            try app.check(error == .configuration(.captchaProviderMissing), "refused: \(error.description)")
        }
        try app.check(
            app.counter.total - scriptBefore == 2, "the server refused the create (captcha_missing_token); the SDK read the environment to say why")
    }
}
