import ClerkAPI
import Foundation
import JWTKit
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Every refused identity token answers Clerk's code and changes nothing: no user, sign-in,
/// sign-up or client appears.
@Suite("Identity tokens: refusals")
struct IdentityTokenRefusalTests {
    /// Sends `token` as a sign-in and a sign-up with `strategy`; both must answer `code` (`status`)
    /// and leave the state as it was.
    private func expectRefused(
        _ server: TestServer, _ token: String, strategy: String = "oauth_token_apple", status: Int = 422,
        code: String = "form_param_value_invalid", sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let before = await server.stateCounts()
        let device = server.client()
        let signIn = try await device.signIn([("strategy", strategy), ("token", token)])
        expectError(signIn, status: status, code: code, sourceLocation: sourceLocation)
        let signUp = try await device.signUp([("strategy", strategy), ("token", token), ("legal_accepted", "true")])
        expectError(signUp, status: status, code: code, sourceLocation: sourceLocation)
        #expect(await server.stateCounts() == before, sourceLocation: sourceLocation)
    }

    @Test("A token altered, of another issuer, for another audience, expired, issued in the future, or with an unverified address")
    func claimsAndSignature() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("eve")
            // A known user too: a bad token must not sign them in.
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let now = server.core.now().timeIntervalSince1970.rounded(.down)
            for provider in IdentityTokenProvider.allCases {
                let strategy = provider == .apple ? "oauth_token_apple" : "oauth_token_google"
                let good = try await server.token(provider, email)
                var parts = good.split(separator: ".").map(String.init)
                parts[2] = String(parts[2].reversed())
                try await expectRefused(server, parts.joined(separator: "."), strategy: strategy)
                try await expectRefused(server, try await server.token(provider, email) { $0.iss = "https://issuer.example" }, strategy: strategy)
                try await expectRefused(
                    server, try await server.token(provider, email) { $0.aud = AudienceClaim(value: ["another.client"]) }, strategy: strategy)
                try await expectRefused(server, try await server.token(provider, email) { $0.exp = now - 1 }, strategy: strategy)
                try await expectRefused(server, try await server.token(provider, email) { $0.iat = now + 3600 }, strategy: strategy)
                try await expectRefused(server, try await server.token(provider, email) { $0.emailVerified = LenientBool(false) }, strategy: strategy)
                try await expectRefused(server, try await server.token(provider, email) { $0.emailVerified = nil }, strategy: strategy)
                try await expectRefused(server, try await server.token(provider, email) { $0.sub = nil }, strategy: strategy)
                try await expectRefused(server, try await server.mint(provider, email, verified: false), strategy: strategy)
            }
            // A small clock difference is tolerated.
            let skewed = try await server.token(.apple, email) { $0.iat = now + 30 }
            #expect(try await server.client().signIn([("strategy", "oauth_token_apple"), ("token", skewed)]).signIn.status == .complete)
        }
    }

    @Test("A token signed by an unknown key, a malformed token, a missing token; One Tap's own code")
    func keysAndFormat() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("mallory")
            let config = try #require(server.core.settings.identityProviders?.apple)
            let stranger = try await OwnSigningKey(keyID: "unknown-kid").sign(standardClaims(config, email: email))
            try await expectRefused(server, stranger)
            try await expectRefused(server, "not-a-jwt")
            try await expectRefused(server, "not-a-jwt", strategy: "google_one_tap", status: 400, code: "google_one_tap_token_invalid")
            try await expectRefused(server, "", status: 422, code: "form_param_missing")
            // Google's key signs Apple's claims: the header's kid names no key of Apple's set.
            let crossed = try await server.core.identityTokens.testProviders().sign(standardClaims(config, email: email), provider: .google)
            try await expectRefused(server, crossed)
        }
    }

    @Test("A provider the instance has not enabled")
    func providerNotEnabled() async throws {
        let token = try await withServer(SettingsPreset.social.settings) { server in try await server.mint(.apple, Fixture.email()) }
        try await withServer(SettingsPreset.emailPassword.settings) { server in
            try await expectRefused(server, token, status: 400, code: "oauth_provider_not_enabled")
            try await expectRefused(server, token, strategy: "google_one_tap", status: 400, code: "oauth_provider_not_enabled")
            let minted = try await server.client().send(
                "POST", "/__local/identity_providers/apple/tokens", rawBody: Data(#"{"email":"a@example.com"}"#.utf8), contentType: "application/json")
            expectError(minted, status: 400, code: "oauth_provider_not_enabled")
        }
    }
}
