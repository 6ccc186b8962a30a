import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The callback's `rotating_token_nonce`: what the provider proved takes effect only when the
/// client that started the sign-in presents it, once, before the verification expires.
@Suite("OAuth: the rotating token nonce")
struct OAuthNonceTests {
    /// What a refused reload must leave as it was: the sign-in record, the record counts and the sessions.
    static func observed(_ server: TestServer, _ signInID: String) async throws -> [Data] {
        try await OAuthBrowser.observed(server, await server.core.store.state.signIns[signInID])
    }

    static func expectStillWaiting(_ answer: FAPIClient.Answer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(answer.status == 200, "\(String(decoding: answer.data, as: UTF8.self))", sourceLocation: sourceLocation)
        let signIn = try answer.signIn
        #expect(signIn.status == .needsFirstFactor, sourceLocation: sourceLocation)
        #expect(signIn.firstFactorVerification?.status == .unverified, sourceLocation: sourceLocation)
        #expect(signIn.createdSessionID == nil, sourceLocation: sourceLocation)
        #expect(try answer.client?.sessions.isEmpty == true, sourceLocation: sourceLocation)
    }

    @Test("A victim finishing the provider's step for an attacker's sign-in signs no one in: without the nonce, or with it on another client")
    func victimCompletesAttackersSignIn() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let victimEmail = Fixture.email("oauth-victim")
            let victim = try await server.seedUser(SeedUser(emailAddress: victimEmail, password: Fixture.password))
            let attacker = server.client()
            let (started, url) = try await OAuthBrowser.start(attacker)
            // The attacker hands `url` to the victim, whose browser signs in at the provider and
            // lands on the app's redirect URL with the nonce, which the attacker never sees.
            let victimBack = try await OAuthBrowser.signInAtProvider(url, on: server, as: victimEmail)
            let before = try await Self.observed(server, started.id)

            try Self.expectStillWaiting(try await attacker.send("GET", "/v1/client/sign_ins/\(started.id)"))
            try Self.expectStillWaiting(try await attacker.send("GET", "/v1/client/sign_ins/\(started.id)?rotating_token_nonce="))
            #expect(try await Self.observed(server, started.id) == before)

            let victimDevice = server.client()
            _ = try await victimDevice.send("POST", "/v1/client")
            let afterClient = try await Self.observed(server, started.id)
            let foreign = try await OAuthBrowser.returnToApp(victimDevice, started.id, back: victimBack)
            expectError(foreign, status: 404, code: "resource_not_found")
            #expect(try await Self.observed(server, started.id) == afterClient)
            #expect(await server.core.store.users[victim.id]?.linkedAccounts.isEmpty == true)
            #expect(await server.core.store.state.clientBook.sessions.count == 0)
        }
    }

    @Test("A wrong nonce answers the sign-in as it was and changes nothing; the right one then signs the user in")
    func wrongNonce() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let (device, started, back, seeded) = try await OAuthBrowser.knownUserBack("oauth-wrong-nonce", on: server)
            let before = try await Self.observed(server, started.id)

            let wrong = OAuthBrowser.appRedirect + "?rotating_token_nonce=" + SecureRandom.token()
            try Self.expectStillWaiting(try await OAuthBrowser.returnToApp(device, started.id, back: wrong))
            #expect(try await Self.observed(server, started.id) == before)

            let done = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            #expect(try done.signIn.status == .complete, "\(String(decoding: done.data, as: UTF8.self))")
            #expect(try done.client?.sessions.first?.user?.id == seeded.id)
        }
    }

    @Test("The nonce is good once: presented again it changes nothing and no second session is made")
    func replayedNonce() async throws {
        try await withServer(SettingsPreset.social.settings, mode: .socket) { server in
            let (device, started, back, _) = try await OAuthBrowser.knownUserBack("oauth-replay-nonce", on: server)
            let done = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            let session = try #require(try done.signIn.createdSessionID)
            let before = try await Self.observed(server, started.id)

            let replayed = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            #expect(try replayed.signIn.createdSessionID == session)
            #expect(try await Self.observed(server, started.id) == before)
            #expect(await server.core.store.state.clientBook.sessions.count == 1)
        }
    }

    @Test("Only a digest of the nonce is kept, and a nonce presented after the verification expired signs no one in")
    func expiredNonce() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(SettingsPreset.social.settings, now: { clock.now() }, mode: .socket) { server in
            let (device, started, back, _) = try await OAuthBrowser.knownUserBack("oauth-expired-nonce", on: server)
            let nonce = try #require(OAuthBrowser.query(back)["rotating_token_nonce"])
            let stored = try JSONEncoder().encode(await server.core.store.state.signIns[started.id])
            #expect(!String(decoding: stored, as: UTF8.self).contains(nonce))
            #expect(await server.core.store.state.signIns[started.id]?.firstFactor?.external?.held != nil)

            clock.advance(by: .seconds(ExternalVerification.lifetime + 1))
            let before = try await Self.observed(server, started.id)
            let late = try await OAuthBrowser.returnToApp(device, started.id, back: back)
            #expect(try late.signIn.firstFactorVerification?.status == .expired)
            #expect(try late.signIn.createdSessionID == nil)
            #expect(try await Self.observed(server, started.id) == before)
        }
    }
}
