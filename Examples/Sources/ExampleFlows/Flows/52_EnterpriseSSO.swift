import Clerk
import ClerkLocalServer
import ClerkOAuth

// Flow 52 — "Enterprise connections" (`enterprise_sso`). Dorothy's company, Langley, has an
// enterprise connection for its email domain, whose OpenID Connect provider is clerk-local's built-in
// one. She types her work address: the sign-in names the connection, the strategy prepares it with a
// loopback redirect URL, the browser goes through the provider's page and `/v1/oauth_callback` back
// to the app, and the sign-in is read again with the callback's `rotating_token_nonce`. The first time
// no account has the address: the transfer signs her up, with the enterprise account on her user. On
// her laptop the same address signs her in to that account.
extension ExampleFlow {
    static let dorothyVaughan = Persona(name: "Dorothy", emailAddress: "dorothy.vaughan@langley.test", firstName: "Dorothy", lastName: "Vaughan")

    /// Langley's connection, through the provider clerk-local serves itself.
    static let langleyConnection = EnterpriseConnection(id: "ent_langley", name: "Langley SSO", domains: ["langley.test"], oidc: .builtIn)

    public static let enterpriseSSO = ExampleFlow(
        number: 52, name: "enterprise-sso", title: "Enterprise SSO (an OpenID Connect enterprise connection): sign-up by transfer, then a sign-in",
        guide: .enterpriseConnections, preset: .emailPassword, adjust: { $0.enterpriseConnections = [langleyConnection] }, people: [dorothyVaughan],
        needs: [.enterpriseSSO]
    ) { app in
        let email = dorothyVaughan.emailAddress ?? ""

        app.phase("Dorothy signs in with her work address for the first time")
        var mark = app.transcript.mark
        let phone = try await app.launchedDevice()
        let first = FlowDriver(
            client: phone, registry: try FactorRegistry([EnterpriseSSOStrategy(session: app.oauthBrowser(as: dorothyVaughan))]),
            answers: app.answers(for: dorothyVaughan), onEvent: app.events)
        app.signedIn(try await first.signIn(identifier: email, strategy: .enterpriseSSO))
        var steps = app.transcript.events(since: mark)
        try app.check(steps.contains(.transferringToSignUp), "no account had her address: the provider's answer was transferred to a sign-up")
        let accounts = try await phone.account().user().enterpriseAccounts
        try app.check(
            accounts.count == 1 && accounts.first?.enterpriseConnection?.name == "Langley SSO",
            "her user has one enterprise account, at Langley's connection")

        app.phase("On her laptop, the same address: signed in to her account")
        mark = app.transcript.mark
        let laptop = FlowDriver(
            client: try await app.launchedDevice(), registry: try FactorRegistry([EnterpriseSSOStrategy(session: app.oauthBrowser(as: dorothyVaughan))]),
            answers: app.answers(for: dorothyVaughan), onEvent: app.events)
        app.signedIn(try await laptop.signIn(identifier: email, strategy: .enterpriseSSO))
        steps = app.transcript.events(since: mark)
        try app.check(!steps.contains(.transferringToSignUp), "her enterprise account was known: signed in, not signed up")
    }
}
