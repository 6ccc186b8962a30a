import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// `POST /v1/client/sign_ins/{id}/prepare_first_factor {strategy: oauth_google, redirect_url}` on a
/// sign-in started with an identifier, over real HTTP with the built-in provider.
@Suite("OAuth: a first factor prepared at the provider")
struct OAuthPrepareFirstFactorTests {
    /// A user, and a sign-in of theirs by address on a new client, waiting for a first factor.
    static func identified(_ name: String, on server: TestServer) async throws -> (FAPIClient, SignIn, String, SeededUser) {
        let email = Fixture.email(name)
        let user = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
        let device = server.client()
        let signIn = try await device.signIn([("identifier", email)]).signIn
        #expect(signIn.status == .needsFirstFactor)
        return (device, signIn, email, user)
    }

    @discardableResult
    static func prepare(
        _ device: FAPIClient, _ id: String, strategy: String = "oauth_google", redirect: String? = OAuthBrowser.appRedirect
    ) async throws -> FAPIClient.Answer {
        try await device.signInAction(id, "prepare_first_factor", [("strategy", strategy)] + (redirect.map { [("redirect_url", $0)] } ?? []))
    }

    @Test("A sign-in by address prepared with oauth_google: the provider's URL, and back with the nonce the user is signed in")
    func preparedThenCompleted() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let (device, started, email, user) = try await Self.identified("oauth-prepared", on: server)
            let prepared = try await Self.prepare(device, started.id)
            #expect(prepared.status == 200, "\(String(decoding: prepared.data, as: UTF8.self))")
            let verification = try #require(try prepared.signIn.firstFactorVerification)
            #expect(verification.strategy == .oauthGoogle)
            #expect(verification.status == .unverified)
            let url = try #require(verification.externalVerificationRedirectURL)
            #expect(url.hasPrefix(server.core.baseURL + "/__local/oauth/google/authorize?"))

            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            let done = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            #expect(try done.signIn.status == .complete, "\(String(decoding: done.data, as: UTF8.self))")
            #expect(try done.client?.sessions.first?.user?.id == user.id)
        }
    }

    @Test("Prepared again: the first authorization's callback answers oauth_callback_invalid and changes nothing; the second one completes")
    func olderAuthorizationRefused() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let (device, started, email, _) = try await Self.identified("oauth-prepared-twice", on: server)
            let first = try #require(try await Self.prepare(device, started.id).signIn.firstFactorVerification?.externalVerificationRedirectURL)
            let second = try #require(try await Self.prepare(device, started.id).signIn.firstFactorVerification?.externalVerificationRedirectURL)
            #expect(first != second)

            let firstCallback = try await OAuthBrowser.answer(first, on: server, as: email)
            let before = try await OAuthNonceTests.observed(server, started.id)
            let stale = try await server.client().send("GET", try OAuthBrowser.local(firstCallback))
            expectError(stale, status: 400, code: "oauth_callback_invalid")
            #expect(try await OAuthNonceTests.observed(server, started.id) == before)

            let back = try await OAuthBrowser.signInAtProvider(second, on: server, as: email)
            #expect(try await OAuthBrowser.returnToApp(device, started.id, back: back).signIn.status == .complete)
        }
    }

    @Test(
        "Refused before anything changes: no redirect_url, one the instance does not allow, a provider not enabled (as any strategy not offered)",
        arguments: [
            ("oauth_google", nil, 422, "form_param_missing"), ("oauth_google", "https://attacker.example/", 422, "invalid_redirect_url"),
            ("oauth_apple", OAuthBrowser.appRedirect, 400, "strategy_for_user_invalid"),
        ] as [(String, String?, Int, String)])
    func refused(_ strategy: String, _ redirect: String?, _ status: Int, _ code: String) async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let (device, started, _, _) = try await Self.identified("oauth-prepare-refused", on: server)
            let before = try await OAuthNonceTests.observed(server, started.id)
            let answer = try await Self.prepare(device, started.id, strategy: strategy, redirect: redirect)
            expectError(answer, status: status, code: code)
            #expect(try await OAuthNonceTests.observed(server, started.id) == before)
        }
    }
}
