import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// The connection callback's `rotating_token_nonce`: the provider's account is linked only when the
/// user who started the connection reloads with it, once, before the verification expires.
@Suite("OAuth: the nonce of connecting a second provider")
struct OAuthConnectNonceTests {
    /// What a reload that applies nothing must leave as it was: the user, the record counts, the sessions.
    static func observed(_ server: TestServer, _ userID: String) async throws -> [Data] {
        try await OAuthBrowser.observed(server, await server.core.store.users[userID])
    }

    static func expectAppleWaiting(_ answer: FAPIClient.Answer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let apple = try OAuthConnecting.accounts(answer).first { $0.provider == "oauth_apple" }
        #expect(apple?.verification?.status == .unverified, sourceLocation: sourceLocation)
    }

    @Test("A victim finishing the provider's step for an attacker's connection links nothing: not without the nonce, not from the victim's session")
    func victimCompletesAttackersConnection() async throws {
        try await withServer(OAuthConnecting.settings, mode: .socket) { server in
            let attacker = server.client()
            let (attackerID, attackerSession, page) = try await OAuthConnecting.startedApple(server, attacker, "connect-attacker")
            let victim = server.client()
            let victimEmail = Fixture.email("connect-victim")
            let (victimID, victimSession) = try await OAuthConnecting.signedInWithGoogle(server, victim, victimEmail)
            // The attacker hands `page` to the victim, whose browser consents with the victim's
            // Apple account and lands on the app's redirect URL with the nonce.
            let victimBack = try await OAuthBrowser.signInAtProvider(page, on: server, as: victimEmail)
            let attackerBefore = try await Self.observed(server, attackerID)
            let victimBefore = try await Self.observed(server, victimID)

            try Self.expectAppleWaiting(try await attacker.me("GET", session: attackerSession))
            try Self.expectAppleWaiting(try await OAuthConnecting.reload(attacker, session: attackerSession, nonce: ""))
            let foreign = try await OAuthConnecting.reload(victim, session: victimSession, back: victimBack)
            #expect(try OAuthConnecting.accounts(foreign).map(\.provider) == ["oauth_google"])
            #expect(try await Self.observed(server, attackerID) == attackerBefore)
            #expect(try await Self.observed(server, victimID) == victimBefore)
            #expect(await server.core.store.users[attackerID]?.linkedAccounts.map(\.provider) == [.google])
        }
    }

    @Test("A wrong nonce answers the user unchanged; the right one links Apple; replayed it changes nothing")
    func wrongThenReplayedNonce() async throws {
        try await withServer(OAuthConnecting.settings, mode: .socket) { server in
            let device = server.client()
            let (userID, session, page) = try await OAuthConnecting.startedApple(server, device, "connect-nonce")
            let back = try await OAuthBrowser.signInAtProvider(page, on: server, as: Fixture.email("connect-nonce-apple"))
            let nonce = try #require(OAuthBrowser.query(back)["rotating_token_nonce"])
            #expect(!String(decoding: try await OAuthConnecting.stored(server, userID), as: UTF8.self).contains(nonce))
            let before = try await Self.observed(server, userID)

            try Self.expectAppleWaiting(try await OAuthConnecting.reload(device, session: session, nonce: SecureRandom.token()))
            #expect(try await Self.observed(server, userID) == before)

            let linked = try OAuthConnecting.accounts(try await OAuthConnecting.reload(device, session: session, back: back))
            #expect(linked.allSatisfy { $0.verification?.status == .verified })
            #expect(await server.core.store.users[userID]?.linkedAccounts.count == 2)
            let after = try await Self.observed(server, userID)

            _ = try await OAuthConnecting.reload(device, session: session, back: back)
            #expect(try await Self.observed(server, userID) == after)
        }
    }

    @Test("A nonce presented after the verification expired links nothing")
    func expiredNonce() async throws {
        let clock = ManualClock(now: Date())
        try await withServer(OAuthConnecting.settings, now: { clock.now() }, mode: .socket) { server in
            let device = server.client()
            let (userID, session, page) = try await OAuthConnecting.startedApple(server, device, "connect-late")
            let back = try await OAuthBrowser.signInAtProvider(page, on: server, as: Fixture.email("connect-late-apple"))

            clock.advance(by: .seconds(ExternalVerification.lifetime + 1))
            let before = try await Self.observed(server, userID)
            let late = try await OAuthConnecting.reload(device, session: session, back: back)
            #expect(try OAuthConnecting.accounts(late).first { $0.provider == "oauth_apple" }?.verification?.status == .expired)
            #expect(try await Self.observed(server, userID) == before)
            #expect(await server.core.store.users[userID]?.linkedAccounts.map(\.provider) == [.google])
        }
    }
}
