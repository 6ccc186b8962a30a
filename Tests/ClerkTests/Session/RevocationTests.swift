import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Revocation: answers that say a session or the client is gone", .timeLimit(.minutes(10)))
struct RevocationTests {
    /// A harness signed in to `sessions` with a cached token for the first one.
    func signedInWithToken(_ sessions: [String] = ["sess_1"]) async throws -> (SessionHarness, EventCollector<AuthEvent>) {
        let harness = SessionHarness()
        try await harness.signIn(sessions)
        harness.transport.enqueue(.respond(SessionFixture.tokenAnswer(SessionFixture.jwt(issuedAt: harness.clock.now()))))
        _ = try await harness.client.sessionToken()
        return (harness, EventCollector(harness.client.authEvents()))
    }

    @Test("a client payload listing the session as revoked, ended or expired ends it", arguments: [SessionStatus.revoked, .ended, .expired])
    func statusInPayload(status: SessionStatus) async throws {
        let (harness, events) = try await signedInWithToken()
        harness.transport.enqueue(
            .respond(SessionFixture.clientAnswer(Fixture.client(sessions: [SessionFixture.session("sess_1", status: status)], lastActive: "sess_1"))))
        try await harness.client.refresh()
        #expect(
            await events.first(2) == [
                .sessionRevoked(sessionID: "sess_1", reason: .status(status)), .sessionChanged(from: "sess_1", to: nil),
            ])
        #expect(await harness.client.activeSession == nil)
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
        #expect(await clerkError { try await harness.client.sessionToken() } == .flow(.noSession))
        #expect(harness.requests.count == 3)
    }

    @Test("a session missing from a later client payload was revoked elsewhere")
    func missingFromPayload() async throws {
        let (harness, events) = try await signedInWithToken(["sess_1", "sess_2"])
        harness.transport.enqueue(.respond(SessionFixture.clientAnswer(SessionFixture.signedIn(["sess_2"]))))
        try await harness.client.refresh()
        #expect(
            await events.first(2) == [
                .sessionRevoked(sessionID: "sess_1", reason: .missingFromClient), .sessionChanged(from: "sess_1", to: "sess_2"),
            ])
    }

    @Test("GET /v1/client answering no client ends every session")
    func clientGone() async throws {
        let (harness, events) = try await signedInWithToken(["sess_1", "sess_2"])
        harness.transport.enqueue(.respond(TransportResponse(status: 200, json: #"{"response":null,"client":null}"#)))
        try await harness.client.refresh()
        #expect(
            Set(await events.first(3)) == [
                .sessionRevoked(sessionID: "sess_1", reason: .clientGone), .sessionRevoked(sessionID: "sess_2", reason: .clientGone),
                .sessionChanged(from: "sess_1", to: nil),
            ])
    }

    @Test(
        "a refused token request (401, 404 resource_not_found) ends the session, then rethrows",
        arguments: [
            (401, ClerkErrorCode.authenticationInvalid), (404, .resourceNotFound), (401, "brand_new_code"),
        ] as [(Int, ClerkErrorCode)])
    func refusedToken(status: Int, code: ClerkErrorCode) async throws {
        let (harness, events) = try await signedInWithToken(["sess_1", "sess_2"])
        harness.transport.enqueue(.respond(Fixture.error(status, code)))
        let error = await clerkError { try await harness.client.sessionToken(skipCache: true) }
        #expect(error?.code == code && error?.httpStatus == status)
        #expect(
            await events.first(2) == [
                .sessionRevoked(sessionID: "sess_1", reason: .refused(code: code, httpStatus: status)), .sessionChanged(from: "sess_1", to: nil),
            ])
        #expect(await harness.client.signedInSessions.map(\.id) == ["sess_2"])
        #expect(await harness.client.activeSession == nil)
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
    }

    @Test("a 404 for an unknown token template is about the template: the session stays signed in")
    func unknownTemplate() async throws {
        let (harness, _) = try await signedInWithToken()
        harness.transport.enqueue(.respond(Fixture.error(404, .resourceNotFound, message: "JWT template not found")))
        let error = await clerkError { try await harness.client.sessionToken(template: "no-such-template") }
        #expect(error?.code == .resourceNotFound)
        #expect(await harness.client.activeSession?.id == "sess_1")
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) != nil)
    }

    @Test(
        "other refusals (403, 422) and server failures leave the session alone",
        arguments: [
            (403, ClerkErrorCode.resourceForbidden), (422, .formParamFormatInvalid), (500, "internal_clerk_error"),
        ] as [(Int, ClerkErrorCode)])
    func notRevoked(status: Int, code: ClerkErrorCode) async throws {
        let (harness, _) = try await signedInWithToken()
        harness.transport.enqueue(.respond(Fixture.error(status, code)))
        _ = try? await harness.client.sessionToken(organizationID: "org_1")
        #expect(await harness.client.activeSession?.id == "sess_1")
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) != nil)
    }

    @Test("signed_out or client_not_found on any request ends every session")
    func signedOutCode() async throws {
        let (harness, events) = try await signedInWithToken(["sess_1", "sess_2"])
        harness.transport.enqueue(.respond(Fixture.error(401, .signedOut)))
        _ = await clerkError { try await harness.client.createSignIn(.init(identifier: "jane")) }
        #expect(
            Set(await events.first(3)) == [
                .sessionRevoked(sessionID: "sess_1", reason: .refused(code: .signedOut, httpStatus: 401)),
                .sessionRevoked(sessionID: "sess_2", reason: .refused(code: .signedOut, httpStatus: 401)),
                .sessionChanged(from: "sess_1", to: nil),
            ])
        #expect(await harness.client.signedInSessions.isEmpty)
    }

    @Test("a sign-in's 401 for another reason (CAPTCHA) signs no one out")
    func unrelated401() async throws {
        let (harness, _) = try await signedInWithToken()
        harness.transport.enqueue(.respond(Fixture.error(401, "requires_captcha")))
        _ = await clerkError { try await harness.client.createSignIn(.init(identifier: "jane")) }
        #expect(await harness.client.activeSession?.id == "sess_1")
    }

    @Test("a refused /v1/me call ends the session it was made as")
    func refusedMeCall() async throws {
        let (harness, events) = try await signedInWithToken()
        harness.transport.enqueue(.respond(Fixture.error(401, .authenticationInvalid)))
        _ = await clerkError { try await harness.client.activeSessionsOfUser() }
        #expect(await events.first(1) == [.sessionRevoked(sessionID: "sess_1", reason: .refused(code: .authenticationInvalid, httpStatus: 401))])
    }

    @Test("a token whose request was in flight when the session ended is not cached")
    func fetchRacingRevocation() async throws {
        let jwt = SessionFixture.jwt(#"{"iat":1700000000,"exp":1700000060}"#)
        let transport = GatedTransport(holds: { $0.path.hasSuffix("/tokens") }) { request in
            request.path.hasSuffix("/tokens") ? SessionFixture.tokenAnswer(jwt) : SessionFixture.clientAnswer(Fixture.client())
        }
        let log = LineLog()
        let clock = ManualClock()
        let client = ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: Fixture.baseURL),
            options: .init(
                transport: transport, tokenStore: InMemoryTokenStore(token: "client_token_1"), retryPolicy: .none, sleeper: clock, clock: clock,
                logHandler: { log.append($0) }))
        await client.apply(client: SessionFixture.signedIn())
        async let token = client.sessionToken()
        await log.waitFor("→ POST /v1/client/sessions/sess_1/tokens")
        try await client.refresh()  // the server no longer lists the session
        transport.open()
        #expect(try await token.jwt == jwt)
        #expect(await client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
    }
}
