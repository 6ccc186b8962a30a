import ClerkAPI
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Browser sign-ins that must not reach an account: a provider account other than the one the
/// user with its address is linked to, and a completed sign-in reloaded by another client.
@Suite("OAuth: claimed identities and foreign reloads")
struct OAuthClaimedTests {
    /// Seeds a user with `email` already linked to Google as a person other than the one the
    /// built-in provider names for `email`.
    static func seedLinkedElsewhere(_ server: TestServer, _ email: String) async throws -> UserRecord {
        let seeded = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
        let other = VerifiedIdentity(
            provider: .google, strategy: .oauthGoogle, subject: "google-other-person", emailAddress: email, firstName: nil, lastName: nil)
        return try await server.core.store.perform { store in
            var user = try #require(store.users[seeded.id])
            user.externalAccounts = [ExternalAccountRecord(other, now: Date())]
            store.store(user)
            return try #require(store.users[seeded.id])
        }
    }

    @Test("The address's user is linked to another Google account: the verification fails with oauth_identification_claimed, nothing linked")
    func claimedByAnotherAccount() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let email = Fixture.email("oauth-claimed")
            let user = try await Self.seedLinkedElsewhere(server, email)
            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            #expect(back.hasPrefix(OAuthBrowser.appRedirect + "?rotating_token_nonce="))

            let reloaded = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            let signIn = try reloaded.signIn
            #expect(signIn.status != .complete)
            #expect(signIn.createdSessionID == nil)
            #expect(signIn.firstFactorVerification?.status == .failed)
            #expect(signIn.firstFactorVerification?.error?.code == .oauthIdentificationClaimed)
            #expect(try reloaded.client?.sessions.isEmpty == true)
            let after = try #require(await server.core.store.users[user.id])
            #expect(after.linkedAccounts == user.linkedAccounts, "the account linked unchanged, nothing added")
            #expect(after.updatedAt == user.updatedAt)
        }
    }

    @Test("By identity token, the same Google person is refused with 400 oauth_identification_claimed; nothing changes")
    func claimedByToken() async throws {
        try await withServer(SettingsPreset.social.settings) { server in
            let email = Fixture.email("oauth-claimed-token")
            let user = try await Self.seedLinkedElsewhere(server, email)
            let device = server.client()
            _ = try await device.send("POST", "/v1/client")
            let before = await server.stateCounts()
            let refused = try await device.signIn([("strategy", "oauth_token_google"), ("token", try await server.mint(.google, email))])
            expectError(refused, status: 400, code: "oauth_identification_claimed")
            #expect(await server.stateCounts() == before)
            #expect(await server.core.store.users[user.id]?.linkedAccounts == user.linkedAccounts)
        }
    }

    @Test("A completed browser sign-in reloaded from another client is not found there; its own client still reads it")
    func foreignReload() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let email = Fixture.email("oauth-foreign")
            _ = try await server.seedUser(SeedUser(emailAddress: email, password: Fixture.password))
            let device = server.client()
            let (started, url) = try await OAuthBrowser.start(device)
            let back = try await OAuthBrowser.signInAtProvider(url, on: server, as: email)
            let before = await server.stateCounts()

            let stranger = server.client()
            _ = try await stranger.send("POST", "/v1/client")
            let afterClient = await server.stateCounts()
            let foreign = try await OAuthBrowser.returnToApp(stranger, started.id, back: back)
            expectError(foreign, status: 404, code: "resource_not_found")
            #expect(!String(decoding: foreign.data, as: UTF8.self).contains("sess_"), "no session of the sign-in revealed")
            #expect(await server.stateCounts() == afterClient)
            #expect(afterClient[0] == before[0] && afterClient[1] == before[1], "no user or sign-in added")

            let own = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            #expect(try own.signIn.status == .complete)
        }
    }
}
