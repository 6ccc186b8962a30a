import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Session tokens: cache, single flight, backoff", .timeLimit(.minutes(10)))
struct TokenCacheTests {
    @Test("a fresh token is fetched once with the exact request, then answered from the cache")
    func cached() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        let jwt = SessionFixture.jwt(issuedAt: harness.clock.now())
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(jwt)))
        let first = try await harness.client.sessionToken()
        let second = try await harness.client.sessionToken()
        #expect(first == second && first.jwt == jwt)
        #expect(first.expiresAt == harness.clock.now().addingTimeInterval(60))
        #expect(harness.requests.count == 2)
        expectRequest(harness.requests.last, .post, "/v1/client/sessions/sess_1/tokens", form: [])
        #expect(harness.requests.last?.body?.isEmpty == true)
    }

    @Test("session, organization and template are separate keys with their own requests")
    func keys() async throws {
        let harness = SessionHarness()
        try await harness.signIn(["sess_1", "sess_2"])
        let now = harness.clock.now()
        for index in 1...4 { harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: now, lifetime: 60 + index)))) }
        let plain = try await harness.client.sessionToken()
        let organization = try await harness.client.sessionToken(organizationID: "org_1")
        let personal = try await harness.client.sessionToken(organizationID: "")
        let template = try await harness.client.sessionToken(sessionID: "sess_2", template: "supabase")
        expectRequest(harness.requests[1], .post, "/v1/client/sessions/sess_1/tokens", form: [])
        expectRequest(harness.requests[2], .post, "/v1/client/sessions/sess_1/tokens", form: [("organization_id", "org_1")])
        expectRequest(harness.requests[3], .post, "/v1/client/sessions/sess_1/tokens", form: [("organization_id", "")])
        expectRequest(harness.requests[4], .post, "/v1/client/sessions/sess_2/tokens/supabase", form: [])
        #expect(Set([plain.jwt, organization.jwt, personal.jwt, template.jwt]).count == 4)
        #expect(template.key == SessionTokenKey(sessionID: "sess_2", template: "supabase"))
        // Every key is cached now.
        #expect(try await harness.client.sessionToken(organizationID: "org_1") == organization)
        #expect(try await harness.client.sessionToken(sessionID: "sess_2", template: "supabase") == template)
        #expect(harness.requests.count == 5)
    }

    @Test("a template with an organization, or an empty template, is refused before any request")
    func invalidTemplate() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        #expect(
            await clerkError { try await harness.client.sessionToken(organizationID: "org_1", template: "t") }
                == .invalidInput(InvalidInput(field: "organization_id", reason: "a template token takes the session's active organization")))
        #expect(
            await clerkError { try await harness.client.sessionToken(template: "") }
                == .invalidInput(InvalidInput(field: "template_name", reason: "is empty")))
        #expect(await clerkError { try await SessionHarness().client.sessionToken() } == .flow(.noSession))
        #expect(harness.requests.count == 1)
    }

    @Test("a token close to expiry is refreshed; skipCache always fetches")
    func refreshNearExpiry() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        let start = harness.clock.now()
        harness.transport.enqueue(
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: start, lifetime: 60))),
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: start.addingTimeInterval(50), lifetime: 60))),
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: start.addingTimeInterval(51), lifetime: 60))))
        let first = try await harness.client.sessionToken()
        harness.clock.advance(by: .seconds(49))
        #expect(try await harness.client.sessionToken() == first)  // 11 s left: more than the 10 s leeway
        harness.clock.advance(by: .seconds(1))
        let second = try await harness.client.sessionToken()  // 10 s left: refreshed
        #expect(second != first)
        let third = try await harness.client.sessionToken(skipCache: true)
        #expect(third != second)
        #expect(harness.requests.count == 4)
    }

    @Test("a token without a readable exp is returned, not cached, and says why")
    func uncacheable() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        harness.transport.enqueue(
            .respond(SessionFixture.tokenAnswer("opaque-token")),
            .respond(SessionFixture.tokenAnswer(SessionFixture.jwt(#"{"sid":"sess_1"}"#))))
        let opaque = try await harness.client.sessionToken()
        #expect(opaque.jwt == "opaque-token" && opaque.uncacheableReason == .notThreeSegments)
        let noExpiry = try await harness.client.sessionToken()
        #expect(noExpiry.uncacheableReason == .missingExpiry)
        #expect(harness.requests.count == 3)
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
        #expect(harness.log.lines.contains { $0.contains("not cached: the payload has no exp claim") })
        #expect(!harness.log.lines.joined().contains("opaque-token"))
    }

    @Test("concurrent callers of one key share one request")
    func singleFlight() async throws {
        let jwt = SessionFixture.jwt(#"{"iat":1700000000,"exp":1700000060}"#)
        let transport = GatedTransport { _ in SessionFixture.tokenAnswer(jwt) }
        let log = LineLog()
        let clock = ManualClock()
        let client = ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: Fixture.baseURL),
            options: .init(
                transport: transport, tokenStore: InMemoryTokenStore(token: "client_token_1"), retryPolicy: .none, sleeper: clock, clock: clock,
                logHandler: { log.append($0) }))
        await client.apply(client: SessionFixture.signedIn())
        // The first caller's request is held in flight until each other caller has either joined
        // it or sent a request of its own.
        async let a = client.sessionToken()
        async let b = client.sessionToken()
        async let c = client.sessionToken()
        await log.waitFor(count: 3) { $0.contains("joining the request in flight") || $0.hasPrefix("→ POST") }
        transport.open()
        let tokens = try await [a, b, c]
        #expect(tokens.allSatisfy { $0.jwt == jwt })
        #expect(transport.requests.count == 1)
        expectRequest(transport.requests.first, .post, "/v1/client/sessions/sess_1/tokens", form: [])
        // Once it is answered, the next caller is served from the cache.
        #expect(try await client.sessionToken().jwt == jwt)
        #expect(transport.requests.count == 1)
    }

    @Test("with the network down a still-valid token is returned, and the key backs off without requests")
    func offline() async throws {
        let harness = SessionHarness(policy: SessionTokenPolicy(backoffBase: .seconds(2), backoffMax: .seconds(8), jitter: 0))
        try await harness.signIn()
        let cached = SessionFixture.jwt(issuedAt: harness.clock.now(), lifetime: 60)
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(cached)))
        _ = try await harness.client.sessionToken()
        harness.clock.advance(by: .seconds(55))  // 5 s left: stale, still valid
        harness.transport.enqueue(.fail(TransportError(.notConnected)))
        #expect(try await harness.client.sessionToken().jwt == cached)
        #expect(harness.requests.count == 3)
        // Backing off (2 s): the cached token, no request.
        #expect(try await harness.client.sessionToken().jwt == cached)
        #expect(harness.requests.count == 3)
        harness.clock.advance(by: .seconds(2))
        harness.transport.enqueue(.respond(TransportResponse(status: 503, json: #"{"errors":[]}"#)))
        #expect(try await harness.client.sessionToken().jwt == cached)  // a 5xx is "unreachable" too
        #expect(harness.requests.count == 4)
        // Second failure: 4 s of backoff, outlasting the token. Once it expires the last error is rethrown without a request.
        harness.clock.advance(by: .seconds(3))
        #expect(await clerkError { try await harness.client.sessionToken() }?.httpStatus == 503)
        #expect(harness.requests.count == 4)
        harness.clock.advance(by: .seconds(1))
        let fresh = SessionFixture.jwt(issuedAt: harness.clock.now(), lifetime: 60)
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(fresh)))
        #expect(try await harness.client.sessionToken().jwt == fresh)
        #expect(harness.requests.count == 5)
        #expect(harness.log.lines.contains { $0.contains("backing off after 2 failure(s); no request sent") })
    }

    @Test("an expired token is not returned when the network is down")
    func offlineExpired() async throws {
        let harness = SessionHarness()
        try await harness.signIn()
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now(), lifetime: 60))))
        _ = try await harness.client.sessionToken()
        harness.clock.advance(by: .seconds(60))
        harness.transport.enqueue(.fail(TransportError(.timedOut)))
        #expect(await clerkError { try await harness.client.sessionToken() } == .transport(TransportError(.timedOut)))
    }

    @Test("a Retry-After longer than the backoff is honoured, within the cap")
    func retryAfter() async throws {
        let harness = SessionHarness(policy: SessionTokenPolicy(backoffBase: .seconds(1), backoffMax: .seconds(30), jitter: 0))
        try await harness.signIn()
        harness.transport.enqueue(.respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "20"])))
        #expect(await clerkError { try await harness.client.sessionToken() }?.httpStatus == 429)
        harness.clock.advance(by: .seconds(19))
        #expect(await clerkError { try await harness.client.sessionToken() }?.httpStatus == 429)
        #expect(harness.requests.count == 2)
        harness.clock.advance(by: .seconds(1))
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now()))))
        _ = try await harness.client.sessionToken()
        #expect(harness.requests.count == 3)
    }
}
