import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The redirect allowlist is one parsed rule on every surface that takes a `redirect_url`: a URL whose
/// userinfo, backslash or control character would make a browser go elsewhere than the allowed entry it
/// reads like is refused before anything starts.
@Suite("Security: the redirect allowlist")
struct RedirectAllowlistTests {
    /// URLs that read like `http://localhost…` but that a browser takes to `evil.example` (or that hide
    /// what they are), against the default loopback entries.
    static let bypasses = [
        "http://localhost:@evil.example/cb",
        "http://localhost:3000@evil.example/cb",
        "http://127.0.0.1:80:@evil.example/",
        "http://localhost\\@evil.example/cb",
        "http://localhost%40evil.example/cb",
        "http://localhost/\tcb",
        "http://local\nhost/cb",
        "clerk-local://app@evil.example/cb",
    ]

    /// Each surface, asked with `redirect` on a server that enables it: its answer.
    enum Surface: String, CaseIterable, Sendable {
        case oauthSignIn, oauthSignUp, connectAccount, emailLinkFirstFactor, invitation

        func ask(_ server: TestServer, redirect: String) async throws -> FAPIClient.Answer {
            switch self {
            case .oauthSignIn:
                return try await server.client().signIn([("strategy", "oauth_google"), ("redirect_url", redirect)])
            case .oauthSignUp:
                return try await server.client().signUp([("strategy", "oauth_google"), ("redirect_url", redirect)])
            case .connectAccount:
                let device = server.client()
                let (_, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("connect"))
                return try await OAuthConnecting.start(device, session: session, redirect: redirect)
            case .emailLinkFirstFactor:
                let email = Fixture.email("link")
                let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
                let device = server.client()
                let signIn = try await device.signIn([("identifier", email)]).signIn
                return try await device.signInAction(
                    signIn.id, "prepare_first_factor",
                    [("strategy", "email_link"), ("email_address_id", try #require(seeded.emailAddressID)), ("redirect_url", redirect)])
            case .invitation:
                return try await server.invite(Fixture.email("invited"), ["redirect_url": redirect])
            }
        }
    }

    /// Google's browser sign-in, email links and the built-in provider at once.
    static var settings: InstanceSettings {
        var settings = OAuthConnecting.settings
        settings.emailLink = EmailLinkSettings(signIn: true, verifyAtSignUp: false)
        return settings
    }

    @Test("Every surface refuses a URL that leaves the allowed host, and starts nothing", arguments: Surface.allCases)
    func refusedEverywhere(_ surface: Surface) async throws {
        try await withServer(Self.settings, mode: .socket) { server in
            for redirect in Self.bypasses {
                let mails = server.outbox().count
                let before = await server.stateCounts()
                let answer = try await surface.ask(server, redirect: redirect)
                let after = await server.stateCounts()
                #expect(answer.status == 422, "\(surface) \(redirect): \(answer.bodyText)")
                #expect(answer.json.errorCode == "invalid_redirect_url", "\(surface) \(redirect): \(answer.bodyText)")
                if surface == .oauthSignIn || surface == .oauthSignUp { #expect(after == before, "\(redirect)") }
                if surface == .emailLinkFirstFactor || surface == .invitation {
                    #expect(server.outbox().count == mails, "\(surface) \(redirect): nothing sent")
                }
                #expect(await server.core.store.state.invitations.isEmpty)
            }
        }
    }

    @Test("Every surface still takes an allowed URL with a port, a path and a query", arguments: Surface.allCases)
    func allowedEverywhere(_ surface: Surface) async throws {
        try await withServer(Self.settings, mode: .socket) { server in
            let answer = try await surface.ask(server, redirect: "http://localhost:3000/auth/callback?from=app")
            #expect(answer.status == 200, "\(surface): \(answer.bodyText)")
        }
    }

    @Test(
        "The rule by parts: scheme, host and port compared exactly, a path below the entry's on a / boundary",
        arguments: [
            ("http://localhost", true), ("http://LOCALHOST:5173/", true), ("http://127.0.0.1:8080/x?y#z", true),
            ("http://[::1]:3000/cb", true), ("https://localhost/", false), ("http://localhost.evil.example/", false),
            ("http://127.0.0.1.evil.example", false), ("http://localhost:/cb", false), ("http://localhost:99999/", false),
            ("http://localhost:80:81/", false), ("http://user@localhost/", false), ("http:///cb", false),
            ("http://localhost/a/../b", false), ("http://localhost/%2e%2E/b", false), ("https://app.example.com/cb", true),
            ("https://app.example.com/cb/done", true), ("https://app.example.com/cbx", false), ("https://app.example.com/", false),
            ("https://app.example.com:443/cb", true), ("https://app.example.com:8443/cb", false), ("myapp://oauth/done", true),
            ("myapp:oauth", false), ("otherapp://oauth", false), ("https://app.example.com/cb\\..", false),
        ])
    func byParts(_ url: String, _ allowed: Bool) {
        let entries = InstanceSettings.loopbackRedirectURLs + ["https://app.example.com:443/cb", "myapp://"]
        #expect((RedirectURLRule.refusal(of: url, allowed: entries) == nil) == allowed, "\(url)")
    }

    @Test("An entry with userinfo, a query or no host is refused when the settings load")
    func entriesChecked() throws {
        for entry in ["http://user@localhost", "https://app.example.com/cb?x=1", "http://", "http://a\\b"] {
            var settings = SettingsPreset.emailPassword.settings
            settings.allowedRedirectUrls = [entry]
            #expect(throws: SettingsLoader.LoadError.self, "\(entry)") { try SettingsLoader.validate(settings) }
        }
    }
}

extension [String: Any] {
    /// `errors[0].code` of an error body (Frontend or Backend API).
    fileprivate var errorCode: String? { ((self["errors"] as? [[String: Any]])?.first)?["code"] as? String }
}
