import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// `PATCH /v1/me/external_accounts/{id}/reauthorize`: a linked account goes through its provider's
/// page again; it stays a way to sign in meanwhile, and the callback's nonce verifies it again.
@Suite("OAuth: reauthorizing a connected account")
struct OAuthReauthorizeTests {
    static func reauthorize(
        _ device: FAPIClient, session: String, id: String, redirect: String? = OAuthBrowser.appRedirect, scopes: [String] = []
    ) async throws -> FAPIClient.Answer {
        let form = (redirect.map { [("redirect_url", $0)] } ?? []) + scopes.map { ("additional_scope", $0) }
        return try await device.me("PATCH", "/external_accounts/\(id)/reauthorize", session: session, form: form, operation: "reauthorizeExternalAccount")
    }

    @Test("Google reauthorized with more scopes: unverified with the provider's page asking for them, verified again by the same Google account")
    func reauthorized() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let email = Fixture.email("reauth")
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, email)
            let google = try #require(try await OAuthConnecting.accounts(device, session: session).first)

            let started = try await Self.reauthorize(device, session: session, id: google.id, scopes: ["calendar.readonly"])
            let page = try OAuthConnecting.page(started)
            #expect(OAuthBrowser.query(page)["scope"] == "openid email profile calendar.readonly")
            #expect(try started.response(ExternalAccount.self).id == google.id)
            #expect(await server.core.store.users[userID]?.linkedAccounts.count == 1, "still a way to sign in meanwhile")

            let back = try await OAuthBrowser.signInAtProvider(page, on: server, as: email)
            let accounts = try OAuthConnecting.accounts(try await OAuthConnecting.reload(device, session: session, back: back))
            #expect(accounts.map(\.id) == [google.id])
            #expect(accounts.first?.verification?.status == .verified)
            #expect(accounts.first?.providerUserID == google.providerUserID)
        }
    }

    @Test("Another Google account at the provider fails the verification with external_account_not_found; the account stays linked")
    func otherAccountAtProvider() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let device = server.client()
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("reauth-mine"))
            let google = try #require(try await OAuthConnecting.accounts(device, session: session).first)
            let page = try OAuthConnecting.page(try await Self.reauthorize(device, session: session, id: google.id))
            let back = try await OAuthBrowser.signInAtProvider(page, on: server, as: Fixture.email("reauth-someone-else"))
            let accounts = try OAuthConnecting.accounts(try await OAuthConnecting.reload(device, session: session, back: back))
            #expect(accounts.first?.verification?.status == .failed)
            #expect(accounts.first?.verification?.error?.code == .externalAccountNotFound)
            #expect(accounts.first?.providerUserID == google.providerUserID)
            #expect(await server.core.store.users[userID]?.linkedAccounts.map(\.id) == [google.id])
        }
    }

    @Test("Refusals (unknown account, redirect URL missing or not allowed, a stale session) change nothing")
    func refusals() async throws {
        var settings = SettingsPreset.social.settings
        settings.reverification = ReverificationSettings(maxAgeSeconds: 600)
        let clock = ManualClock(now: Date())
        try await withServer(settings, now: { clock.now() }, mode: .socket) { server in
            let device = server.client()
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("reauth-refused"))
            let google = try #require(try await OAuthConnecting.accounts(device, session: session).first)
            let user = try await OAuthConnecting.stored(server, userID)
            let cases: [(id: String, redirect: String?, status: Int, code: String)] = [
                ("eac_nobody", OAuthBrowser.appRedirect, 404, "external_account_not_found"),
                (google.id, nil, 422, "form_param_missing"),
                (google.id, "https://attacker.example/", 422, "invalid_redirect_url"),
            ]
            for refusal in cases {
                let answer = try await Self.reauthorize(device, session: session, id: refusal.id, redirect: refusal.redirect)
                expectError(answer, status: refusal.status, code: refusal.code)
                #expect(try await OAuthConnecting.stored(server, userID) == user)
            }
            clock.advance(by: .seconds(601))
            expectError(try await Self.reauthorize(device, session: session, id: google.id), status: 403, code: "session_reverification_required")
            #expect(try await OAuthConnecting.stored(server, userID) == user)
        }
    }
}
