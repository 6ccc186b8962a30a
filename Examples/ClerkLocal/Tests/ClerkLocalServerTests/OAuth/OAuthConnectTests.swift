import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// `POST /v1/me/external_accounts`: a signed-in user connects a second provider through the
/// browser; the account waits unverified until the client presents the callback's nonce, which
/// verifies it or says why not.
@Suite("OAuth: connecting a second provider")
struct OAuthConnectTests {
    @Test("A user signed in with Google connects Apple: both listed verified, the browser sent on to the redirect URL; Apple removed again")
    func connected() async throws {
        try await withServer(OAuthConnecting.settings, mode: .socket) { server in
            let device = server.client()
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("connect"))
            let started = try await OAuthConnecting.start(device, session: session)
            let page = try OAuthConnecting.page(started)
            #expect(page.contains("/__local/oauth/apple/authorize"))
            #expect(await server.core.store.users[userID]?.linkedAccounts.count == 1, "a pending connection is no way to sign in")

            let landed = try await OAuthBrowser.signInAtProvider(page, on: server, as: Fixture.email("connect-apple"))
            #expect(landed.hasPrefix(OAuthBrowser.appRedirect + "?rotating_token_nonce="))
            let waiting = try await OAuthConnecting.accounts(device, session: session)
            #expect(waiting.first { $0.provider == "oauth_apple" }?.verification?.status == .unverified, "nothing applied before the nonce")
            let accounts = try OAuthConnecting.accounts(try await OAuthConnecting.reload(device, session: session, back: landed))
            #expect(Set(accounts.map(\.provider)) == ["oauth_google", "oauth_apple"])
            #expect(accounts.allSatisfy { $0.verification?.status == .verified })
            let apple = try #require(accounts.first { $0.provider == "oauth_apple" })
            #expect(apple.id == (try started.response(ExternalAccount.self)).id)
            #expect(!apple.providerUserID.isEmpty)
            #expect(await server.core.store.users[userID]?.linkedAccounts.count == 2)

            let removed = try await device.me("DELETE", "/external_accounts/\(apple.id)", session: session)
            #expect(removed.status == 200, "\(removed.text)")
            #expect(try await OAuthConnecting.accounts(device, session: session).map(\.provider) == ["oauth_google"])
        }
    }

    @Test("Denied at the provider: the account's verification fails with oauth_access_denied and is no way to sign in; a new start replaces it")
    func denied() async throws {
        try await withServer(OAuthConnecting.settings, mode: .socket) { server in
            let device = server.client()
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("connect-denied"))
            let page = try OAuthConnecting.page(try await OAuthConnecting.start(device, session: session))
            let back = try await OAuthBrowser.signInAtProvider(page, on: server, as: nil)

            _ = try await OAuthConnecting.reload(device, session: session, back: back)
            try await Self.expectFailedApple(server, device, session: session, userID: userID, code: .oauthAccessDenied)

            _ = try OAuthConnecting.page(try await OAuthConnecting.start(device, session: session))
            #expect(await server.core.store.users[userID]?.allExternalAccounts.count == 2, "the failed connection was replaced")
        }
    }

    @Test("Another user has that Apple account: the verification fails with oauth_account_already_connected, nothing linked")
    func claimedByAnotherUser() async throws {
        try await withServer(OAuthConnecting.settings, mode: .socket) { server in
            let otherEmail = Fixture.email("connect-owner")
            let other = server.client()
            _ = try await server.seedUser(SeedUser(emailAddress: otherEmail, password: Fixture.password))
            let otherStart = try await other.signIn([("strategy", "oauth_apple"), ("redirect_url", OAuthBrowser.appRedirect)]).signIn
            let otherBack = try await OAuthBrowser.signInAtProvider(
                try #require(otherStart.firstFactorVerification?.externalVerificationRedirectURL), on: server, as: otherEmail)
            #expect(try await OAuthBrowser.returnToApp(other, otherStart.id, back: otherBack).signIn.status == .complete, "Apple linked to the other user")

            let device = server.client()
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("connect-claimer"))
            let page = try OAuthConnecting.page(try await OAuthConnecting.start(device, session: session))
            let back = try await OAuthBrowser.signInAtProvider(page, on: server, as: otherEmail)

            _ = try await OAuthConnecting.reload(device, session: session, back: back)
            try await Self.expectFailedApple(server, device, session: session, userID: userID, code: .oauthAccountAlreadyConnected)
        }
    }

    @Test("Refusals at the start (already connected, provider not enabled, unknown or missing strategy, redirect URL missing or not allowed) change nothing")
    func refusals() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("connect-refused"))
            let user = try await OAuthConnecting.stored(server, userID)
            let counts = await server.stateCounts()
            let cases: [(strategy: String?, redirect: String?, status: Int, code: String)] = [
                ("oauth_google", OAuthBrowser.appRedirect, 400, "oauth_account_already_connected"),
                ("oauth_apple", OAuthBrowser.appRedirect, 400, "oauth_provider_not_enabled"),
                ("oauth_github", OAuthBrowser.appRedirect, 422, "form_param_value_invalid"),
                (nil, OAuthBrowser.appRedirect, 422, "form_param_missing"),
                ("oauth_google", nil, 422, "form_param_missing"),
                ("oauth_google", "https://attacker.example/", 422, "invalid_redirect_url"),
            ]
            for refusal in cases {
                let answer = try await OAuthConnecting.start(device, session: session, strategy: refusal.strategy, redirect: refusal.redirect)
                expectError(answer, status: refusal.status, code: refusal.code)
                #expect(try await OAuthConnecting.stored(server, userID) == user)
                #expect(await server.stateCounts() == counts)
            }
            let already = try await OAuthConnecting.start(device, session: session, strategy: "oauth_google")
            #expect(already.text.contains("Another account is already connected for this particular provider (Google)"))
        }
    }

    /// The user lists the Apple connection failed with `code` (no provider page left), and Google
    /// stays their one linked account.
    private static func expectFailedApple(
        _ server: TestServer, _ device: FAPIClient, session: String, userID: String, code: ClerkErrorCode,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let apple = try #require(
            try await OAuthConnecting.accounts(device, session: session).first { $0.provider == "oauth_apple" }, sourceLocation: sourceLocation)
        #expect(apple.verification?.status == .failed, sourceLocation: sourceLocation)
        #expect(apple.verification?.error?.code == code, sourceLocation: sourceLocation)
        #expect(apple.verification?.externalVerificationRedirectURL == nil, sourceLocation: sourceLocation)
        #expect(await server.core.store.users[userID]?.linkedAccounts.map(\.provider) == [.google], sourceLocation: sourceLocation)
    }
}
