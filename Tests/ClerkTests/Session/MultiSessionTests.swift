import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Multi-session: list, switch, sign out, the user's sessions", .timeLimit(.minutes(10)))
struct MultiSessionTests {
    @Test("signed-in sessions leave out ended ones; the active one is the last active while signed in")
    func listing() async throws {
        let harness = SessionHarness()
        var client = SessionFixture.signedIn(["sess_1", "sess_2"], active: "sess_2")
        client.sessions.append(SessionFixture.session("sess_old", status: .ended))
        harness.transport.enqueue(.respond(SessionFixture.clientAnswer(client)))
        try await harness.client.refresh()
        #expect(await harness.client.sessions.map(\.id) == ["sess_1", "sess_2", "sess_old"])
        #expect(await harness.client.signedInSessions.map(\.id) == ["sess_1", "sess_2"])
        #expect(await harness.client.activeSession?.id == "sess_2")
        let snapshot = await harness.client.sessionSnapshot
        #expect(snapshot.session?.id == "sess_2" && snapshot.user?.id == "user_1" && snapshot.isSignedIn)
    }

    @Test("switching touches the session with intent select_session, drops cached tokens and reports the change")
    func switching() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        let events = EventCollector(harness.client.authEvents())
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now()))))
        _ = try await harness.client.sessionToken()
        let switched = SessionFixture.signedIn(["sess_1", "sess_2"], active: "sess_2")
        harness.transport.enqueue(.respond(Fixture.envelope(SessionFixture.session("sess_2"), client: switched)))
        let session = try await harness.client.switchSession(to: "sess_2", organizationID: "org_1")
        #expect(session.id == "sess_2")
        expectRequest(
            harness.requests.last, .post, "/v1/client/sessions/sess_2/touch", form: [("active_organization_id", "org_1"), ("intent", "select_session")])
        #expect(await harness.client.activeSession?.id == "sess_2")
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
        let seen = await events.first(2)
        #expect(seen.first == .tokenRefreshed(SessionTokenKey(sessionID: "sess_1"), expiresAt: harness.clock.now().addingTimeInterval(60)))
        #expect(seen.last == .sessionChanged(from: "sess_1", to: "sess_2"))
        // Already active: no request.
        _ = try await harness.client.switchSession(to: "sess_2")
        #expect(harness.requests.count == 3)
        // Not a signed-in session of this device: refused without a request.
        #expect(await clerkError { try await harness.client.switchSession(to: "sess_9") } == .flow(.noSession))
        #expect(harness.requests.count == 3)
    }

    @Test("a touch answered without a client still makes the session active")
    func touchWithoutClient() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        harness.transport.enqueue(.respond(Fixture.envelope(SessionFixture.session("sess_2"), client: nil)))
        try await harness.client.switchSession(to: "sess_2")
        #expect(await harness.client.activeSession?.id == "sess_2")
        #expect(await harness.client.lastActiveSessionID == "sess_2")
    }

    @Test("signing out of one session removes it, drops its tokens and reports signedOut")
    func signOutOne() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        let events = EventCollector(harness.client.authEvents())
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now(), sid: "sess_2"))))
        _ = try await harness.client.sessionToken(sessionID: "sess_2")
        let after = SessionFixture.signedIn(["sess_1"])
        harness.transport.enqueue(.respond(Fixture.envelope(SessionFixture.session("sess_2", status: .removed), client: after)))
        let removed = try await harness.client.signOut(sessionID: "sess_2")
        #expect(removed.status == .removed)
        expectRequest(harness.requests.last, .post, "/v1/client/sessions/sess_2/remove", form: [])
        #expect(await harness.client.signedInSessions.map(\.id) == ["sess_1"])
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_2")) == nil)
        #expect(await events.first(2).last == .signedOut(sessionID: "sess_2"))
    }

    @Test("ending the active session (/end) clears the active session even when the answer has no client")
    func endActive() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        let events = EventCollector(harness.client.authEvents())
        harness.transport.enqueue(.respond(Fixture.envelope(SessionFixture.session("sess_1", status: .ended), client: nil)))
        try await harness.client.endSession("sess_1")
        expectRequest(harness.requests.last, .post, "/v1/client/sessions/sess_1/end", form: [])
        #expect(await harness.client.activeSession == nil)
        #expect(await events.first(2) == [.signedOut(sessionID: "sess_1"), .sessionChanged(from: "sess_1", to: nil)])
    }

    @Test("signing out of all sessions sends DELETE /v1/client/sessions without a body and keeps the client token")
    func signOutAll() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        let events = EventCollector(harness.client.authEvents())
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now()))))
        _ = try await harness.client.sessionToken()
        harness.transport.enqueue(.respond(Fixture.envelope(Optional(Fixture.client()), client: nil)))
        try await harness.client.signOutOfAllSessions()
        expectRequest(harness.requests.last, .delete, "/v1/client/sessions")
        #expect(await harness.client.signedInSessions.isEmpty)
        #expect(await harness.client.hasClientToken)
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
        #expect(
            Set(await events.first(4).dropFirst()) == [
                .signedOut(sessionID: "sess_1"), .signedOut(sessionID: "sess_2"), .sessionChanged(from: "sess_1", to: nil),
            ])
    }

    @Test("signing out everywhere sends DELETE /v1/client and reports every session signed out")
    func signOutEverywhere() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        let events = EventCollector(harness.client.authEvents())
        harness.transport.enqueue(.respond(TransportResponse(status: 200, json: #"{"response":null,"client":null}"#, headers: ["Authorization": ""])))
        try await harness.client.signOutEverywhere()
        expectRequest(harness.requests.last, .delete, "/v1/client")
        #expect(await harness.client.client == nil)
        #expect(await harness.client.hasClientToken == false)
        #expect(
            Set(await events.first(3)) == [
                .signedOut(sessionID: "sess_1"), .signedOut(sessionID: "sess_2"), .sessionChanged(from: "sess_1", to: nil),
            ])
    }

    @Test("the user's active sessions come from /v1/me/sessions/active as the active session")
    func userSessions() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1"])
        let json =
            #"[{"object":"session","id":"sess_1","status":"active","expire_at":1,"abandon_at":2,"last_active_at":3,"latest_activity":{"object":"session_activity","id":"sess_activity_1","is_mobile":true,"device_type":"iPhone","city":"Lyon","country":"FR"}},{"object":"session","id":"sess_far","status":"active","expire_at":1,"abandon_at":2,"last_active_at":3,"brand_new":1}]"#
        harness.transport.enqueue(.respond(TransportResponse(status: 200, json: json)))
        let sessions = try await harness.client.activeSessionsOfUser()
        expectRequest(harness.requests.last, .get, "/v1/me/sessions/active", sessionID: "sess_1")
        #expect(sessions.map(\.id) == ["sess_1", "sess_far"])
        #expect(sessions.first?.latestActivity?.isMobile == true && sessions.first?.latestActivity?.city == "Lyon")
        #expect(await clerkError { try await SessionHarness().client.activeSessionsOfUser() } == .flow(.noSession))
    }

    @Test("revoking a session elsewhere posts /v1/me/sessions/{id}/revoke as the active session")
    func revokeElsewhere() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1"])
        harness.transport.enqueue(.respond(Fixture.envelope(SessionFixture.session("sess_far", status: .revoked), client: SessionFixture.signedIn(["sess_1"]))))
        let revoked = try await harness.client.revokeSession("sess_far")
        #expect(revoked.status == .revoked)
        expectRequest(harness.requests.last, .post, "/v1/me/sessions/sess_far/revoke", form: [], sessionID: "sess_1")
        #expect(await harness.client.activeSession?.id == "sess_1")
    }

    @Test("revoking a session of this device signs it out here too")
    func revokeLocal() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        let events = EventCollector(harness.client.authEvents())
        harness.transport.enqueue(.respond(Fixture.envelope(SessionFixture.session("sess_2", status: .revoked), client: nil)))
        try await harness.client.revokeSession("sess_2")
        #expect(await harness.client.signedInSessions.map(\.id) == ["sess_1"])
        #expect(await events.first(1) == [.signedOut(sessionID: "sess_2")])
    }
}
