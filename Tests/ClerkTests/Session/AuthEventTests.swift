import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Auth events and session snapshots", .timeLimit(.minutes(10)))
struct AuthEventTests {
    @Test("a sign-in reports signedIn then sessionChanged to every subscriber")
    func severalSubscribers() async throws {
        let signIn = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = SessionHarness([.respond(Fixture.envelope(signIn, client: Fixture.completedClient(signIn, session: SessionFixture.session("sess_1"))))])
        let first = EventCollector(harness.client.authEvents())
        let second = EventCollector(harness.client.authEvents())
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        let expected: [AuthEvent] = [.signedIn(sessionID: "sess_1", userID: "user_1"), .sessionChanged(from: nil, to: "sess_1")]
        #expect(await first.first(2) == expected)
        #expect(await second.first(2) == expected)
    }

    @Test("a token fetch reports tokenRefreshed without the token")
    func tokenRefreshed() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        let events = EventCollector(harness.client.authEvents())
        let jwt = SessionFixture.jwt(issuedAt: harness.clock.now())
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(jwt)))
        _ = try await harness.client.sessionToken()
        let event = await events.first(1)[0]
        #expect(event == .tokenRefreshed(SessionTokenKey(sessionID: "sess_1"), expiresAt: harness.clock.now().addingTimeInterval(60)))
        #expect(!event.description.contains(jwt) && !harness.log.lines.joined().contains(jwt))
    }

    @Test("reading an unchanged client reports nothing; a subscription started later sees only later events")
    func onlyChanges() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        let events = EventCollector(harness.client.authEvents())
        try await harness.signIn()  // the same client again
        try await harness.signIn(["sess_1", "sess_2"], active: "sess_2")
        try await harness.signIn(["sess_1", "sess_2"], active: "sess_2")
        try await harness.signIn(["sess_1", "sess_2"], active: "sess_1")
        #expect(await events.first(2) == [.sessionChanged(from: "sess_1", to: "sess_2"), .sessionChanged(from: "sess_2", to: "sess_1")])
    }

    @Test("snapshots start with the current state and follow every change of session or user")
    func snapshots() async throws {
        let harness = SessionHarness()
        let snapshots = EventCollector(harness.client.sessionSnapshots())
        #expect(await snapshots.first(1) == [.signedOut])
        try await harness.signIn()
        let signedIn = await snapshots.first(2)[1]
        #expect(signedIn.session?.id == "sess_1" && signedIn.user?.id == "user_1" && signedIn.sessions.map(\.id) == ["sess_1"])
        let late = EventCollector(harness.client.sessionSnapshots())
        #expect(await late.first(1) == [signedIn])
    }

    @Test("streams end when the client is released")
    func endsWithClient() async throws {
        var harness: SessionHarness? = SessionHarness()
        let stream = try #require(harness?.client.authEvents())
        harness = nil
        var count = 0
        for await _ in stream { count += 1 }
        #expect(count == 0)
    }
}
