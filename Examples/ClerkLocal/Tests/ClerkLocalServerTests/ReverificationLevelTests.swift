import ClerkAPI
import ClerkTesting
import Foundation
import Testing

@testable import ClerkLocalCore
@testable import ClerkLocalServer

/// Which verification a guarded change asks for: adding an identifier or a provider connection is guarded
/// like removing one, and a user with a second factor must renew that factor (a first factor, or a
/// `multi_factor` re-verification stopped halfway, does not stand in for it).
@Suite("Session re-verification: what is guarded, at which level")
struct ReverificationLevelTests {
    @Test("A stale session cannot add an email address or phone number, nor start or redeem a provider connection")
    func addingIsGuarded() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        var settings = OAuthConnecting.settings
        settings.reverification = ReverificationSettings(maxAgeSeconds: 60)
        settings.phoneNumber = IdentifierSettings(enabled: true, required: false, usedForSignIn: true, codeSignIn: true, verifyAtSignUp: true)
        try await withServer(settings, now: { clock.now() }, mode: .socket) { server in
            let device = server.client()
            let (userID, session) = try await OAuthConnecting.signedInWithGoogle(server, device, Fixture.email("stale"))
            // A connection started while fresh, back from the provider, redeemed once the session is stale.
            let page = try OAuthConnecting.page(try await OAuthConnecting.start(device, session: session))
            let back = try await OAuthBrowser.signInAtProvider(page, on: server, as: Fixture.email("apple"))
            clock.advance(by: .seconds(60))  // stale, while the connection (ten minutes) still waits
            let stored = try await OAuthConnecting.stored(server, userID)

            let refused: [FAPIClient.Answer] = [
                try await device.me("POST", "/email_addresses", session: session, form: [("email_address", Fixture.email("added"))]),
                try await device.me("POST", "/phone_numbers", session: session, form: [("phone_number", "+14155556177")]),
                try await OAuthConnecting.start(device, session: session),
                try await OAuthConnecting.reload(device, session: session, back: back),
            ]
            for answer in refused { expectError(answer, status: 403, code: "session_reverification_required") }
            #expect(try await OAuthConnecting.stored(server, userID) == stored, "nothing added, nothing linked")

            try await device.reverify(session, "", [("level", "first_factor")])
            let password = [("strategy", "password"), ("password", Fixture.password)]
            #expect(try await device.reverify(session, "/attempt_first_factor", password).reverification.status == .complete)
            let linked = try OAuthConnecting.accounts(try await OAuthConnecting.reload(device, session: session, back: back))
            #expect(linked.map(\.provider).sorted() == ["oauth_apple", "oauth_google"], "the held nonce redeems once re-verified")
            #expect(try await device.me("POST", "/email_addresses", session: session, form: [("email_address", Fixture.email("added"))]).status == 200)
        }
    }

    @Test("An authenticator-app user: a password re-verification, or multi_factor stopped at its second factor, does not remove the app")
    func noFactorDowngrade() async throws {
        let clock = ManualClock(now: Date(timeIntervalSince1970: 1_800_000_000))
        try await withServer(reverificationSettings, now: { clock.now() }) { server in
            let user = try await server.seedUser(SeedUser(emailAddress: Fixture.email(), password: Fixture.password, generateTOTPSecret: true))
            let device = server.client()
            let sessionID = try await device.signInWithPassword(user, at: clock.now())
            let secret = try #require(user.totpSecret)
            let totp = try #require(LocalTOTP(base32Secret: secret))
            let password = [("strategy", "password"), ("password", Fixture.password)]
            clock.advance(by: .seconds(600))

            try await device.reverify(sessionID, "", [("level", "first_factor")])
            #expect(try await device.reverify(sessionID, "/attempt_first_factor", password).reverification.status == .complete)
            expectError(try await device.me("DELETE", "/totp", session: sessionID), status: 403, code: "session_reverification_required")

            let firstFactorAt = await server.core.store.state.clientBook.sessions[sessionID]?.firstFactorVerifiedAt
            clock.advance(by: .seconds(30))
            try await device.reverify(sessionID, "", [("level", "multi_factor")])
            #expect(try await device.reverify(sessionID, "/attempt_first_factor", password).reverification.status == .needsSecondFactor)
            expectError(try await device.me("DELETE", "/totp", session: sessionID), status: 403, code: "session_reverification_required")
            let stored = await server.core.store.state.clientBook.sessions[sessionID]
            #expect(stored?.firstFactorVerifiedAt == firstFactorAt, "a halfway multi_factor counts for nothing")

            let second = [("strategy", "totp"), ("code", totp.code(at: clock.now()))]
            #expect(try await device.reverify(sessionID, "/attempt_second_factor", second).reverification.status == .complete)
            #expect(try await device.me("DELETE", "/totp", session: sessionID).status == 200)
        }
    }
}
