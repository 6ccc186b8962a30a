import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// `ClientState` applies a client and everything it causes in one step: when `apply` returns, the
/// events are sent, the carried token is cached, the ended session's tokens are gone and the
/// refresh follows the active session, with no other await in between.
@Suite("The client state, applied in one step")
struct ClientStateTests {
    let clock = ManualClock(now: CarriedTokenFixture.now)
    let events = Broadcast<AuthEvent>()

    func state() -> ClientState {
        let tokens = SessionTokens(policy: .standard, clock: clock, sleeper: clock, events: events, log: { _ in })
        return ClientState(tokens: tokens, events: events, log: { _ in })
    }

    @Test("a sign-in: signedIn and sessionChanged sent, the carried token cached, the refresh following")
    func signIn() async throws {
        let state = state()
        let received = events.subscribe()
        state.tokens.startRefresh(following: nil) { _ throws(ClerkError) in throw .cancelled }
        #expect(!state.tokens.isRefreshing)

        await state.apply(client: Fixture.client(sessions: [CarriedTokenFixture.session()], lastActive: "sess_1"))

        #expect(state.tokens.cached(for: SessionTokenKey(sessionID: "sess_1"))?.jwt == CarriedTokenFixture.jwt)
        #expect(state.tokens.isRefreshing)
        var iterator = received.makeAsyncIterator()
        #expect(await iterator.next() == .signedIn(sessionID: "sess_1", userID: "user_1"))
        #expect(await iterator.next() == .sessionChanged(from: nil, to: "sess_1"))
        state.tokens.stopRefresh()
    }

    @Test("a revocation of another session: its tokens are gone as the state changes, the active one's stay")
    func revocation() async throws {
        let state = state()
        state.tokens.startRefresh(following: nil) { _ throws(ClerkError) in throw .cancelled }
        let other = CarriedTokenFixture.session("sess_2", jwt: SessionFixture.jwt(issuedAt: CarriedTokenFixture.now, sid: "sess_2"))
        await state.apply(client: Fixture.client(sessions: [CarriedTokenFixture.session(), other], lastActive: "sess_1"))
        #expect(state.tokens.cached(for: SessionTokenKey(sessionID: "sess_2")) != nil)

        await state.endLocally(sessionID: "sess_2", reason: .status(.revoked))

        #expect(state.tokens.cached(for: SessionTokenKey(sessionID: "sess_2")) == nil)
        #expect(state.tokens.cached(for: SessionTokenKey(sessionID: "sess_1")) != nil)
        #expect(state.tokens.isRefreshing)
        #expect(await state.client?.sessions.map(\.id) == ["sess_1"])
        state.tokens.stopRefresh()
    }
}
