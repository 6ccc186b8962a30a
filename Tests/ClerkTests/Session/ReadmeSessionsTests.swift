import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// The README's "Sessions" example, run as written over the scripted transport.
@Suite("README: sessions", .timeLimit(.minutes(10)))
struct ReadmeSessionsTests {
    @Test("restore, refresh in the background, tokens, events, switch, other devices, sign out")
    func sessions() async throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let two = SessionFixture.signedIn(["sess_1", "sess_2"])
        let switched = SessionFixture.signedIn(["sess_1", "sess_2"], active: "sess_2")
        let devicesJSON =
            #"[{"object":"session","id":"sess_2","status":"active","expire_at":1,"abandon_at":2,"last_active_at":3},{"object":"session","id":"sess_phone","status":"active","expire_at":1,"abandon_at":2,"last_active_at":3}]"#
        // One answer per path: the background refresh sends its token requests whenever it runs.
        let route: @Sendable (TransportRequest) -> TransportResponse = { request in
            switch request.path {
            case "/v1/environment": TransportResponse(status: 200, json: "{}")
            case "/v1/client": SessionFixture.clientAnswer(two)
            case "/v1/client/sessions/sess_2/touch": Fixture.envelope(SessionFixture.session("sess_2"), client: switched)
            case "/v1/me/sessions/active": TransportResponse(status: 200, json: devicesJSON)
            case "/v1/me/sessions/sess_phone/revoke": Fixture.envelope(SessionFixture.session("sess_phone", status: .revoked), client: switched)
            case "/v1/client/sessions/sess_2/remove":
                Fixture.envelope(SessionFixture.session("sess_2", status: .removed), client: SessionFixture.signedIn(["sess_1"]))
            default: SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: now))
            }
        }
        let harness = SessionHarness(Array(repeating: .handle(route), count: 20))
        let clerk = harness.client
        let other = SessionFixture.session("sess_2")
        let raw = clerk.authEvents()
        let seen = EventCollector(
            AsyncStream<AuthEvent> { continuation in
                Task {
                    for await event in raw {
                        if case .tokenRefreshed = event { continue }
                        continuation.yield(event)
                    }
                    continuation.finish()
                }
            })

        let restored = try await clerk.restore()  // the environment and the client, read together
        if restored.isSignedIn { await clerk.startTokenRefresh() }  // keeps the active session's token fresh
        let token = try await clerk.sessionToken()  // cached until 10 s before it expires
        let supabase = try await clerk.sessionToken(template: "supabase")  // a JWT template, cached apart
        let events = clerk.authEvents()  // one stream per consumer: signed in, switched, refreshed, signed out, revoked
        try await clerk.switchSession(to: other.id)  // cached tokens are dropped
        let devices = try await clerk.activeSessionsOfUser()  // every device, with its latest activity
        try await clerk.revokeSession(devices[1].id)  // signs that device out
        try await clerk.signOut()  // the active session here; signOutOfAllSessions() for every one

        await clerk.stopTokenRefresh()
        _ = events
        #expect(token.sessionID == "sess_1" && supabase.key.template == "supabase")
        let foreground = harness.requests.map(\.path).filter { !$0.hasSuffix("/tokens") && $0 != "/v1/environment" && $0 != "/v1/client" }
        #expect(
            foreground == [
                "/v1/client/sessions/sess_1/tokens/supabase", "/v1/client/sessions/sess_2/touch", "/v1/me/sessions/active",
                "/v1/me/sessions/sess_phone/revoke", "/v1/client/sessions/sess_2/remove",
            ])
        #expect(await clerk.activeSession?.id == "sess_1")
        #expect(
            await seen.first(4) == [
                .sessionChanged(from: nil, to: "sess_1"), .sessionChanged(from: "sess_1", to: "sess_2"), .signedOut(sessionID: "sess_2"),
                .sessionChanged(from: "sess_2", to: "sess_1"),
            ])
        #expect(await clerk.isRefreshingTokens == false)
    }
}
