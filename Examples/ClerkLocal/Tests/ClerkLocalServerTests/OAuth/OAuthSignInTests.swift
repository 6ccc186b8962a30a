import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Browser (OAuth) sign-ins through the `social` preset's built-in Google provider, over real HTTP:
/// clerk-local exchanges the code at the provider's token endpoint on its own listener.
@Suite("OAuth: sign-in through the browser")
struct OAuthSignInTests {
    @Test("First time: transferable after the callback, a transfer with legal_accepted signs up; next time one sign-in completes")
    func firstTimeThenAgain() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let email = Fixture.email("oauth-first")
            let device = server.client()
            let (started, authorizeURL) = try await OAuthBrowser.start(device)
            #expect(started.status == .needsFirstFactor)
            #expect(started.firstFactorVerification?.status == .unverified)
            #expect(started.firstFactorVerification?.strategy == .oauthGoogle)
            #expect(authorizeURL.hasPrefix(server.core.baseURL + "/__local/oauth/google/authorize?"))
            let parameters = OAuthBrowser.query(authorizeURL)
            #expect(parameters["code_challenge_method"] == "S256")
            #expect(parameters["redirect_uri"] == server.core.baseURL + "/v1/oauth_callback")

            let back = try await OAuthBrowser.signInAtProvider(authorizeURL, on: server, as: email)
            #expect(back.hasPrefix(OAuthBrowser.appRedirect + "?rotating_token_nonce="))
            let nonce = try #require(OAuthBrowser.query(back)["rotating_token_nonce"])
            let reloaded = try await device.send("GET", "/v1/client/sign_ins/\(started.id)?rotating_token_nonce=\(nonce)")
            let signIn = try reloaded.signIn
            #expect(signIn.status == .needsIdentifier)
            #expect(signIn.firstFactorVerification?.status == .transferable)
            #expect(signIn.firstFactorVerification?.error?.code == .externalAccountNotFound)
            #expect(await server.core.store.users.count == 0)

            let transferred = try await device.signUp([("transfer", "true")])
            let signUp = try transferred.signUp
            #expect(signUp.status == .missingRequirements)
            #expect(signUp.missingFields == ["legal_accepted"])
            #expect(signUp.emailAddress == email)
            let accepted = try await device.send("PATCH", "/v1/client/sign_ups/\(signUp.id)", form: [("legal_accepted", "true")])
            #expect(try accepted.signUp.status == .complete, "\(String(decoding: accepted.data, as: UTF8.self))")
            let user = try #require(try accepted.client?.sessions.first?.user)
            #expect(user.externalAccounts.first?["provider"]?.stringValue == "oauth_google")

            // Another device: the same Google account signs in, nothing more to ask.
            let laptop = server.client()
            let (again, url) = try await OAuthBrowser.start(laptop)
            let laptopBack = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            let done = try await OAuthBrowser.returnToApp(laptop, again.id, back: laptopBack)
            #expect(try done.signIn.status == .complete, "\(String(decoding: done.data, as: UTF8.self))")
            #expect(try done.signIn.firstFactorVerification?.strategy == .oauthGoogle)
            #expect(await server.core.store.users.values.first?.linkedAccounts.count == 1)
        }
    }

    @Test("A user with the address signs in and gets the Google account linked")
    func knownUserLinked() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let email = Fixture.email("oauth-known")
            let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            let done = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            #expect(try done.signIn.status == .complete)
            #expect(try done.client?.sessions.first?.user?.id == seeded.id)
            #expect(await server.core.store.users[seeded.id]?.linkedAccounts.first?.provider == .google)
        }
    }

    @Test("Denying at the provider: back to the app, the verification failed with oauth_access_denied, no user")
    func denied() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: nil)
            #expect(back.hasPrefix(OAuthBrowser.appRedirect + "?rotating_token_nonce="))
            let reloaded = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            let verification = try #require(try reloaded.signIn.firstFactorVerification)
            #expect(verification.status == .failed)
            #expect(verification.error?.code == .oauthAccessDenied)
            #expect(verification.externalVerificationRedirectURL == nil)
            #expect(await server.core.store.users.count == 0)
        }
    }
}
