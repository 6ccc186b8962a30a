import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Background token refresh, on an injected clock", .timeLimit(.minutes(10)))
struct TokenRefreshTests {
    @Test("nothing runs without a session; the refresh starts when one appears")
    func waitsForSession() async throws {
        let harness = SessionHarness()
        await harness.client.startTokenRefresh()
        #expect(await harness.client.isRefreshingTokens == false)
        #expect(harness.requests.isEmpty && harness.clock.pendingSleepers == 0)
        harness.transport.enqueue(
            .respond(SessionFixture.clientAnswer(SessionFixture.signedIn())),
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now()))))
        try await harness.client.refresh()
        #expect(await harness.client.isRefreshingTokens)
        await harness.clock.waitForSleepers(1)
        expectRequest(harness.requests.last, .post, "/v1/client/sessions/sess_1/tokens", form: [])
        #expect(harness.clock.requestedSleeps == [.seconds(50)])  // a 60 s token, refreshed 10 s ahead
        await harness.client.stopTokenRefresh()
    }

    @Test("the token is refreshed ahead of expiry, so callers are answered from the cache")
    func keepsFresh() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        let start = harness.clock.now()
        harness.transport.enqueue(
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: start))),
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: start.addingTimeInterval(50)))))
        let events = EventCollector(harness.client.authEvents())
        await harness.client.startTokenRefresh()
        await harness.clock.waitForSleepers(1)
        harness.clock.advance(by: .seconds(50))
        #expect(await events.first(2).count == 2)  // two tokenRefreshed
        await harness.clock.waitForSleepers(1)
        #expect(harness.requests.count == 3)
        let current = try await harness.client.sessionToken()
        #expect(current.expiresAt == start.addingTimeInterval(110))
        #expect(harness.requests.count == 3)  // served from the cache
        await harness.client.stopTokenRefresh()
        #expect(await harness.client.isRefreshingTokens == false)
    }

    @Test("a failed refresh waits out the backoff, then tries again")
    func backsOff() async throws {
        let harness = SessionHarness(policy: SessionTokenPolicy(backoffBase: .seconds(3), jitter: 0))
        try await harness.signIn()
        harness.transport.enqueue(
            .fail(TransportError(.notConnected)),
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now().addingTimeInterval(3)))))
        await harness.client.startTokenRefresh()
        await harness.clock.waitForSleepers(1)
        #expect(harness.clock.requestedSleeps == [.seconds(3)])
        harness.clock.advance(by: .seconds(3))
        await harness.clock.waitForSleepers(1)
        #expect(harness.clock.requestedSleeps == [.seconds(3), .seconds(50)])
        #expect(harness.requests.count == 3)
        await harness.client.stopTokenRefresh()
    }

    @Test("the refresh follows a switch and stops when the session is revoked")
    func followsAndStops() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now()))))
        await harness.client.startTokenRefresh()
        await harness.clock.waitForSleepers(1)
        // Switch: the sleeping loop is cancelled and a new one fetches sess_2's token.
        harness.transport.enqueue(
            .respond(Fixture.envelope(SessionFixture.session("sess_2"), client: SessionFixture.signedIn(["sess_1", "sess_2"], active: "sess_2"))),
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now(), sid: "sess_2"))))
        try await harness.client.switchSession(to: "sess_2")
        await harness.log.waitFor("token refresh: following sess_2")
        await harness.clock.waitForSleepers(1)
        expectRequest(harness.requests.last, .post, "/v1/client/sessions/sess_2/tokens", form: [])
        // Revoked at the next refresh: the loop ends and nothing sleeps.
        harness.transport.enqueue(.respond(Fixture.error(401, .authenticationInvalid)))
        harness.clock.advance(by: .seconds(50))
        await harness.log.waitFor("event: session revoked: sess_2")
        #expect(await harness.client.isRefreshingTokens == false)
        #expect(harness.clock.pendingSleepers == 0)
        #expect(harness.requests.count == 5)
    }
}
