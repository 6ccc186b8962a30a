import Clerk
import ClerkLocalServer
import ClerkOAuth
import ClerkPassword

// Flow 45 — "Build a custom flow for managing SSO connections". Signed in with her password, Kay
// connects her Google account from her profile (the provider's page in the browser, then the user
// read again with the callback's nonce), reauthorizes it to grant one more scope (the same browser
// round trip), and removes it: her profile lists no connection again.
extension ExampleFlow {
    static let kayMcNulty = Persona(
        name: "Kay", emailAddress: "kay.mcnulty@example.com", password: "trajectory-tables-1945", firstName: "Kay", lastName: "McNulty",
        account: .plain)

    public static let manageSSOConnections = ExampleFlow(
        number: 45, name: "manage-sso-connections", title: "Connect, reauthorize and remove an SSO connection (Google) from the profile",
        guide: .manageSSOConnections, preset: .social, adjust: { $0.clientTrust = false }, people: [kayMcNulty],
        needs: [.firstFactor(.password)]
    ) { app in
        let device = app.newDevice()

        app.phase("Kay signs in with her password")
        app.signedIn(
            try await FlowDriver(
                client: device, registry: try FactorRegistry([PasswordStrategy()]), answers: app.answers(for: kayMcNulty), onEvent: app.events
            ).signIn())
        let account = try await device.account()

        app.phase("Kay connects her Google account")
        let google = try await account.connectExternalAccount(.google, through: app.oauthBrowser(as: kayMcNulty))
        try app.check(google.verification?.status == .verified, "Google is connected and verified")

        app.phase("She reauthorizes Google to grant it her calendar")
        let scope = "https://www.googleapis.com/auth/calendar.readonly"
        let again = try await account.reauthorizeExternalAccount(google.id, additionalScopes: [scope], through: app.oauthBrowser(as: kayMcNulty))
        try app.check(again.id == google.id && again.verification?.status == .verified, "the same connection is verified again")

        app.phase("She removes the connection")
        try await account.removeExternalAccount(google.id)
        let user = try await account.user()
        try app.check(user.externalAccounts.isEmpty, "her profile lists no connection")
    }
}
