import Clerk
import ClerkLocalServer
import ClerkPassword
import Foundation

// Flow 23 — A password change that asks for re-verification. The instance wants a verification of
// the session younger than `reverification.max_age_seconds` (10 in this flow's settings) before
// the password changes. Anita signs in with her password; the max age passes (on the embedded
// server time moves on an injected clock; elsewhere the flow waits for it); her change is refused
// with `session_reverification_required`; the account, opted in to re-verifying, asks for her
// password again through the flow driver and sends the change once more, which goes through.
extension ExampleFlow {
    static let anita = Persona(
        name: "Anita", emailAddress: "anita.borg@example.com", password: "systers-mailing-list-1987", account: .plain,
        newPassword: "grace-hopper-celebration-1994")

    /// How recent a verification the instance asks for: short, for a separate instance where the flow waits for real.
    static let reverificationMaxAge = 10

    public static let reverifyPasswordChange = ExampleFlow(
        number: 23, name: "reverify-password-change", title: "A password change that asks for re-verification",
        guide: .updatePassword, preset: .emailPassword,
        adjust: {
            $0.clientTrust = false
            $0.reverification = ReverificationSettings(maxAgeSeconds: reverificationMaxAge)
        },
        people: [anita], movesTime: true,
        needs: [.firstFactor(.password)]
    ) { app in
        let answers = app.answers(for: anita)
        let device = app.newDevice()
        let driver = FlowDriver(client: device, registry: try FactorRegistry([PasswordStrategy()]), answers: answers, onEvent: app.events)

        app.phase("Anita signs in with her password")
        app.signedIn(try await driver.signIn())

        app.phase("\(reverificationMaxAge) seconds pass: her sign-in is now too old for a sensitive change")
        if let clock = app.manualClock {
            clock.advance(by: .seconds(reverificationMaxAge))
        } else {
            try await Task.sleep(for: .seconds(reverificationMaxAge))
        }

        app.phase("She changes her password; the instance asks her to re-verify, she types her password again, and the change goes through")
        let person = app.person(anita)
        let account = try await device.account().reverifying(with: driver, level: .firstFactor)
        let user = try await account.changePassword(current: person.password, new: person.newPassword ?? "")
        let events = app.transcript.allEvents
        try app.check(
            events.contains(.reverificationStarted(.firstFactor)) && events.contains(.reverified),
            "the change was refused with session_reverification_required and the session re-verified with her password "
                + "(an instance without clerk-local's reverification.max_age_seconds never asks)")
        try app.check(user.passwordEnabled, "the password changed")

        app.phase("She signs out and signs in with the new password")
        try await device.signOut()
        // Her address as this run knows it, with the new password (a persona the run has not seeded).
        let renewed = Persona(name: "\(person.name), new password", emailAddress: person.emailAddress, password: person.newPassword)
        let registry = try FactorRegistry([PasswordStrategy()])
        app.signedIn(try await FlowDriver(client: device, registry: registry, answers: app.answers(for: renewed), onEvent: app.events).signIn())
    }
}
