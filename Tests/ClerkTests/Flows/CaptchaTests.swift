import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Bot sign-up protection: a sign-up create carries the app's captcha token exactly when the
/// environment asks for one, and a missing provider or a failed widget stops before any request.
@Suite("Captcha on sign-up creates")
struct CaptchaTests {
    static let siteKey = "1x00000000000000000000AA"

    static func environment(captcha: Bool, widget: String = "smart", bypass: [String] = ["oauth_google"]) -> EnvironmentResource {
        EnvironmentResource(
            displayConfig: DisplayConfig(
                captchaPublicKey: siteKey, captchaWidgetType: widget, captchaPublicKeyInvisible: "invisible-key", captchaProvider: "turnstile",
                captchaOauthBypass: bypass),
            userSettings: UserSettings(signUp: SignUpSettings(captchaEnabled: captcha, captchaWidgetType: widget)))
    }

    /// Records what it was asked and answers `token` (or throws `failure`).
    final class Provider: CaptchaProvider {
        let asked = Recorder<CaptchaChallenge>()
        let failure: (any Error & Sendable)?
        init(failure: (any Error & Sendable)? = nil) { self.failure = failure }
        func captchaToken(for challenge: CaptchaChallenge) async throws -> String {
            asked.append(challenge)
            if let failure { throw failure }
            return "XXXX.DUMMY.TOKEN.XXXX"
        }
    }

    static let created = Fixture.envelope(
        Fixture.signUp(status: .missingRequirements), client: Fixture.client(signUp: Fixture.signUp(status: .missingRequirements)))

    static func client(_ steps: [ScriptedTransport.Step], provider: (any CaptchaProvider)?) -> (ClerkClient, ScriptedTransport) {
        let transport = ScriptedTransport(steps)
        let client = ClerkClient(
            configuration: try! ClerkConfiguration(frontendAPIURL: Fixture.baseURL),
            options: .init(transport: transport, tokenStore: InMemoryTokenStore(token: "client_token_1"), captchaProvider: provider))
        return (client, transport)
    }

    @Test("with the environment known, the token goes with the first create: one request")
    func knownEnvironment() async throws {
        let provider = Provider()
        let (client, transport) = Self.client([.respond(Self.created)], provider: provider)
        await client.adoptEnvironment(Self.environment(captcha: true))
        _ = try await client.createSignUp(.init(emailAddress: "jane@example.com"))
        #expect(transport.requests.count == 1)
        expectRequest(
            transport.requests.first, .post, "/v1/client/sign_ups",
            form: [("email_address", "jane@example.com"), ("captcha_token", "XXXX.DUMMY.TOKEN.XXXX"), ("captcha_widget_type", "smart")])
        #expect(provider.asked.values == [CaptchaChallenge(siteKey: Self.siteKey, widgetType: "smart", provider: "turnstile")])
    }

    @Test("the invisible widget is asked with the invisible key")
    func invisibleWidget() async throws {
        let provider = Provider()
        let (client, _) = Self.client([.respond(Self.created)], provider: provider)
        await client.adoptEnvironment(Self.environment(captcha: true, widget: "invisible"))
        _ = try await client.createSignUp(.init(emailAddress: "jane@example.com"))
        #expect(provider.asked.values.map(\.siteKey) == ["invisible-key"])
    }

    @Test("without it, the server's captcha_missing_token reads the environment and sends the create once more")
    func unknownEnvironment() async throws {
        let provider = Provider()
        let (client, transport) = Self.client(
            [
                .respond(Fixture.error(400, .captchaMissingToken)),
                .respond(TransportResponse(status: 200, json: Fixture.json(Self.environment(captcha: true)))), .respond(Self.created),
            ], provider: provider)
        _ = try await client.createSignUp(.init(emailAddress: "jane@example.com"))
        #expect(transport.requests.map(\.path) == ["/v1/client/sign_ups", "/v1/environment", "/v1/client/sign_ups"])
        #expect(transport.requests[0].form.values(named: "captcha_token").isEmpty)
        #expect(transport.requests[2].form.values(named: "captcha_token") == ["XXXX.DUMMY.TOKEN.XXXX"])
    }

    @Test("no captcha is asked for when the instance has none, or the strategy bypasses it")
    func notAsked() async throws {
        let provider = Provider()
        let (client, transport) = Self.client([.respond(Self.created), .respond(Self.created)], provider: provider)
        await client.adoptEnvironment(Self.environment(captcha: false))
        _ = try await client.createSignUp(.init(emailAddress: "jane@example.com"))
        await client.adoptEnvironment(Self.environment(captcha: true))
        _ = try await client.createSignUp(.init(strategy: .oauthGoogle, redirectURL: "clerk-local://callback"))
        #expect(provider.asked.values.isEmpty)
        #expect(transport.requests.allSatisfy { $0.form.values(named: "captcha_token").isEmpty })
    }

    @Test("no provider, or a provider that fails: a typed error and no request")
    func refusedBeforeAnyRequest() async throws {
        struct WidgetFailed: Error, CustomStringConvertible { var description: String { "the widget did not load" } }
        let (bare, bareTransport) = Self.client([], provider: nil)
        await bare.adoptEnvironment(Self.environment(captcha: true))
        let missing = await clerkError { try await bare.createSignUp(.init(emailAddress: "jane@example.com")) }
        #expect(missing == .configuration(.captchaProviderMissing))
        #expect(bareTransport.requests.isEmpty)

        let (failing, failingTransport) = Self.client([], provider: Provider(failure: WidgetFailed()))
        await failing.adoptEnvironment(Self.environment(captcha: true))
        let failed = await clerkError { try await failing.createSignUp(.init(emailAddress: "jane@example.com")) }
        #expect(failed == .flow(.captchaFailed("the widget did not load")))
        #expect(failingTransport.requests.isEmpty)
    }
}
