import ClerkAPI
import Foundation
import Logging
import NIOConcurrencyHelpers
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a provider's keys come from besides the test keys: a JWK Set inline in the settings, or
/// one fetched from `jwks_url` (here another local server's test provider, over real HTTP).
@Suite("Identity tokens: key sources, settings, logs")
struct IdentityTokenKeySourceTests {
    @Test("An inline JWK Set verifies the tokens of the key it holds, and only those")
    func inlineKeySet() async throws {
        let key = OwnSigningKey(keyID: "inline-1")
        let config = IdentityProviderConfig(clientID: "com.example.inline", issuer: "https://appleid.apple.com", jwks: try key.jwksJSON)
        try await withServer(socialSettings(apple: config)) { server in
            let email = Fixture.email("inline")
            let token = try await key.sign(standardClaims(config, email: email))
            let answer = try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", token)])
            #expect(try answer.signIn.firstFactorVerification?.status == .transferable)
            let other = try await OwnSigningKey(keyID: "inline-1").sign(standardClaims(config, email: email))
            expectError(try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", other)]), status: 422, code: "form_param_value_invalid")
        }
    }

    @Test("A jwks_url served by another listener: fetched over HTTP, its tokens verify")
    func remoteKeySet() async throws {
        let provider = try await LocalFrontendAPI.start(settings: SettingsPreset.social.settings, host: "127.0.0.1", port: 0)
        do {
            let apple = try #require(provider.settings.identityProviders?.apple)
            let config = IdentityProviderConfig(
                clientID: apple.clientID, issuer: apple.issuer,
                jwksURL: provider.baseURL.absoluteString + "/__local/identity_providers/apple/jwks")
            let (served, _) = try await URLSession.shared.data(from: try #require(config.jwksURL.flatMap(URL.init(string:))))
            #expect(served == (try await provider.identityProviderJWKS(.apple)), "the URL serves the key set identityProviderJWKS gives")
            try await withServer(socialSettings(apple: config)) { server in
                let email = Fixture.email("remote")
                let token = try await provider.mintIdentityToken(.apple, for: TestIdentity(emailAddress: email, subject: "remote-1"))
                let answer = try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", token)])
                #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))")
                #expect(try answer.signIn.firstFactorVerification?.status == .transferable)
                // This server's own test key is not the one at the URL.
                let own = try await server.core.identityTokens.testProviders().sign(standardClaims(config, email: email), provider: .apple)
                expectError(
                    try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", own)]), status: 422, code: "form_param_value_invalid")
            }
            let unreachable = IdentityProviderConfig(clientID: apple.clientID, issuer: apple.issuer, jwksURL: "http://127.0.0.1:9/jwks")
            try await withServer(socialSettings(apple: unreachable)) { server in
                let token = try await provider.mintIdentityToken(.apple, for: TestIdentity(emailAddress: Fixture.email()))
                expectError(
                    try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", token)]), status: 422, code: "form_param_value_invalid")
                #expect(await server.stateCounts() == [0, 0, 0, 0])
            }
        } catch {
            await provider.shutdown()
            throw error
        }
        await provider.shutdown()
    }

    @Test("identity_providers in a settings file: read, written back the same, refused with a clear error")
    func settingsFile() throws {
        let inline =
            #"{"keys":[{"kty":"EC","crv":"P-256","kid":"k1","alg":"ES256","x":"f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU","y":"x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}"#
        let json =
            #"{"identity_providers":{"apple":{"client_id":"com.example","issuer":"https://appleid.apple.com","jwks":\#(inline)},"google":{"client_id":"g","issuer":"https://accounts.google.com","jwks_url":"https://www.googleapis.com/oauth2/v3/certs"}}}"#
        let settings = try SettingsLoader.load(json: Data(json.utf8))
        #expect(settings.identityProviders?.apple?.inlineKeySet != nil)
        #expect(settings.identityProviders?.google?.jwksURL == "https://www.googleapis.com/oauth2/v3/certs")
        #expect(try SettingsLoader.load(json: SettingsLoader.encode(settings)) == settings)
        #expect(try SettingsLoader.load(json: SettingsLoader.encode(SettingsPreset.social.settings)) == SettingsPreset.social.settings)
        #expect(try SettingsLoader.load(json: Data(#"{"preset":"social","identity_providers":null}"#.utf8)).identityProviders == nil)

        func refusal(_ providers: String) -> String {
            do {
                _ = try SettingsLoader.load(json: Data(#"{"identity_providers":\#(providers)}"#.utf8))
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal(#"{"github":{"client_id":"a","issuer":"b","test":true}}"#).contains("unknown identity provider 'github'"))
        #expect(refusal(#"{"apple":{"client_id":"a","issuer":"b","test":true,"kid":"x"}}"#).contains("identity_providers.apple.kid"))
        #expect(refusal(#"{"apple":{"client_id":"a","issuer":"b"}}"#).contains("exactly one of jwks_url, jwks and test"))
        #expect(refusal(#"{"apple":{"client_id":"a","issuer":"b","test":true,"jwks_url":"https://x"}}"#).contains("exactly one of"))
        #expect(refusal(#"{"apple":{"client_id":"a","issuer":"b","jwks_url":"ftp://x"}}"#).contains("not an http(s) URL"))
        #expect(refusal(#"{"apple":{"client_id":"a","issuer":"b","jwks":{"keys":[]}}}"#).contains("not a JWK Set"))
        #expect(refusal(#"{"apple":{"client_id":"","issuer":"b","test":true}}"#).contains("client_id is empty"))
        #expect(refusal(#"{"apple":{"issuer":"b","test":true}}"#).contains("invalid identity_providers"))
    }

    @Test("The environment shows the providers as Clerk does")
    func environment() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.social?["oauth_apple"]?.enabled == true)
            #expect(environment.userSettings?.social?["oauth_google"]?.strategy == "oauth_google")
            let factors = environment.authConfig?.firstFactors ?? []
            #expect([Strategy.oauthTokenApple, .oauthTokenGoogle, .googleOneTap].allSatisfy(factors.contains))
            #expect(environment.displayConfig?.googleOneTapClientID == "clerk-local-example.apps.googleusercontent.com")
        }
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            let environment = try await server.client().send("GET", "/v1/environment").decode(EnvironmentResource.self)
            #expect(environment.userSettings?.social?.isEmpty != false)
            #expect(environment.authConfig?.firstFactors?.contains(.oauthTokenApple) == false)
        }
    }

    @Test("No token or code reaches the request log")
    func noTokenInLogs() async throws {
        let lines = NIOLockedValueBox<[String]>([])
        let server = try await LocalFrontendAPI.start(
            settings: SettingsPreset.social.settings,
            logger: Logger(label: "test") { _ in
                var handler = LineCollector(lines: lines)
                handler.logLevel = .trace
                return handler
            }, options: ListeningOptions(logsRequests: true))
        let device = FAPIClient(connection: .socket(server.baseURL))
        let token = try await server.mintIdentityToken(.apple, for: TestIdentity(emailAddress: Fixture.email("quiet")))
        _ = try await device.signIn([("strategy", "oauth_token_apple"), ("token", token), ("code", "authorization-code-secret")])
        _ = try await device.signUp([("transfer", "true")])
        _ = try await FAPIClient(connection: .socket(server.baseURL)).signIn([("strategy", "oauth_token_apple"), ("token", token + "x")])
        await server.shutdown()
        let logged = lines.withLockedValue { $0 }.joined(separator: "\n")
        #expect(logged.contains("/v1/client/sign_ins"))
        for secret in [token, String(token.split(separator: ".")[2]), "authorization-code-secret"] {
            #expect(!logged.contains(secret))
        }
    }
}
