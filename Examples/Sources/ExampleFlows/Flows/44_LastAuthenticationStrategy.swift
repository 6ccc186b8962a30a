import Clerk
import ClerkLocalServer
import ClerkOAuth
import ClerkPassword

// Flow 44 — "Show the last authentication strategy in a custom flow". The client remembers how its
// last sign-in was completed (`last_authentication_strategy`), and keeps it after signing out, so
// the sign-in screen can mark that way as "Last used". Ruth signs in with her password, signs out
// (the screen marks Password), then continues with Google (her Google account has her address, so
// it signs her in): the client now remembers Google.
extension ExampleFlow {
    static let ruthTeitelbaum = Persona(
        name: "Ruth", emailAddress: "ruth.teitelbaum@example.com", password: "eniac-ballistics-1946", firstName: "Ruth",
        lastName: "Teitelbaum", account: .plain)

    public static let lastAuthenticationStrategy = ExampleFlow(
        number: 44, name: "last-authentication-strategy", title: "The sign-in screen marks the way the user last signed in",
        guide: .lastAuthenticationStrategy, preset: .social, adjust: { $0.clientTrust = false }, people: [ruthTeitelbaum],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = app.newDevice()
        let driver = FlowDriver(
            client: device, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: ruthTeitelbaum), onEvent: app.events)
        let atFirst = await device.lastAuthenticationStrategy
        try app.check(atFirst == nil, "a new device has no last way to mark")

        app.phase("Ruth signs in with her password")
        app.signedIn(try await driver.signIn())
        let afterPassword = await device.lastAuthenticationStrategy
        try app.check(afterPassword == .password, "the client remembers the password")

        app.phase("She signs out; the sign-in screen marks Password as last used")
        try await device.signOut()
        let remembered = await device.lastAuthenticationStrategy
        try app.check(remembered == .password, "signing out keeps the last way (no extra request: the answer carried the client)")
        app.note("the sign-in screen shows \"Last used\" beside \(remembered?.rawValue ?? "nothing")")

        app.phase("She continues with Google this time")
        app.signedIn(try await driver.signIn(with: .google, through: app.oauthBrowser(as: ruthTeitelbaum)))
        let afterGoogle = await device.lastAuthenticationStrategy
        try app.check(afterGoogle == .oauthGoogle, "the client now remembers Google (oauth_google)")
    }
}
