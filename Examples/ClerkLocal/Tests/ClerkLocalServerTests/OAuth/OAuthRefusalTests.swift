import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// What browser sign-ins refuse, each refusal leaving users, sign-ins, sign-ups and clients as they were.
@Suite("OAuth: refusals")
struct OAuthRefusalTests {
    @Test("A provider the settings do not enable: oauth_provider_not_enabled")
    func notEnabled() async throws {
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let before = await server.stateCounts()
            let answer = try await server.client().signIn([("strategy", "oauth_google"), ("redirect_url", OAuthBrowser.appRedirect)])
            expectError(answer, status: 400, code: "oauth_provider_not_enabled", param: "strategy")
            #expect(await server.stateCounts() == before)
        }
    }

    @Test(
        "A redirect_url the instance does not allow, or none, is refused before anything starts",
        arguments: [
            ("https://attacker.example/callback", 422, "invalid_redirect_url"),
            ("javascript:alert(1)", 422, "prohibited_redirect_url"),
            ("", 422, "form_param_missing"),
        ])
    func refusedRedirect(_ redirect: String, _ status: Int, _ code: String) async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let before = await server.stateCounts()
            var form = [("strategy", "oauth_google")]
            if !redirect.isEmpty { form.append(("redirect_url", redirect)) }
            let answer = try await server.client().signIn(form)
            expectError(answer, status: status, code: code, param: "redirect_url")
            #expect(await server.stateCounts() == before)
        }
    }

    @Test("A callback with an unknown state, or one used already, answers oauth_callback_invalid and changes nothing")
    func unknownOrReplayedState() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let unknown = try await server.client().send("GET", "/v1/oauth_callback?code=abc&state=nope")
            expectError(unknown, status: 400, code: "oauth_callback_invalid")

            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let callback = try await OAuthBrowser.answer(url, on: server, as: Fixture.email("replay"))
            _ = try await OAuthBrowser.callback(callback, on: server)
            let before = await server.stateCounts()
            let signInBefore = await server.core.store.state.signIns[started.id]?.status
            let replayed = try await server.client().send("GET", try OAuthBrowser.local(callback))
            expectError(replayed, status: 400, code: "oauth_callback_invalid")
            #expect(await server.stateCounts() == before)
            #expect(await server.core.store.state.signIns[started.id]?.status == signInBefore)
        }
    }

    @Test("The provider's token endpoint checks the PKCE verifier, and a code is good once: the sign-in fails with oauth_token_exchange_error")
    func codeStolenBeforeTheCallback() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let callback = try await OAuthBrowser.answer(url, on: server, as: Fixture.email("stolen"))
            let code = try #require(OAuthBrowser.query(callback)["code"])
            let config = try #require(server.core.settings.oauthProviders?.google)
            let thief = try await server.client().send(
                "POST", "/__local/oauth/google/token",
                form: [
                    ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", server.core.baseURL + "/v1/oauth_callback"),
                    ("client_id", config.clientID), ("client_secret", config.clientSecret), ("code_verifier", PKCE.newVerifier()),
                ])
            #expect(thief.status == 400)
            #expect(thief.json["error"] as? String == "invalid_grant")
            #expect(thief.json["id_token"] == nil)

            let back = try await OAuthBrowser.callback(callback, on: server)
            let reloaded = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            #expect(try reloaded.signIn.firstFactorVerification?.status == .failed)
            #expect(try reloaded.signIn.firstFactorVerification?.error?.code == .oauthTokenExchangeError)
            #expect(await server.core.store.users.count == 0)
        }
    }

    @Test("The built-in provider refuses another client, another redirect URI, and a request without PKCE")
    func authorizeChecks() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let (_, url) = try await OAuthBrowser.start(server.client())
            let good = OAuthBrowser.query(url)
            for (name, value) in [("client_id", "someone-else"), ("redirect_uri", "https://attacker.example/cb"), ("code_challenge_method", "plain")] {
                var query = good
                query[name] = value
                var components = URLComponents()
                components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
                let answer = try await server.client().send("GET", "/__local/oauth/google/authorize" + (components.string ?? ""))
                #expect(answer.status == 400 || answer.status == 401, "\(name): \(answer.status)")
                #expect(answer.json["error"] != nil, "\(name)")
            }
        }
    }
}
