import ClerkEmailCode
import ClerkPassword
import ClerkPhoneCode
import ClerkTOTP
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// Answers whose sessions carry a `last_active_token`, as Clerk's do.
enum CarriedTokenFixture {
    /// The `ManualClock`'s start, when the scripted answers arrive.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    /// A token issued at `now`, living 60 s.
    static let jwt = SessionFixture.jwt(issuedAt: now)

    static func session(_ id: String = "sess_1", jwt: String? = CarriedTokenFixture.jwt) -> Session {
        var session = SessionFixture.session(id)
        session.lastActiveToken = jwt.map { TokenResource(jwt: $0) }
        return session
    }

    /// A completed sign-in whose client lists `session` as the last active one.
    static func signedIn(_ session: Session = session()) -> TransportResponse {
        let done = Fixture.signIn(status: .complete, session: session.id)
        return Fixture.envelope(done, client: Fixture.completedClient(done, session: session))
    }

    /// The answer of a password sign-in (`createSignIn`) whose session carries `jwt`.
    static func passwordSignIn(jwt: String?) -> TransportResponse {
        signedIn(session(jwt: jwt))
    }

    static let tokenPath = "/v1/client/sessions/sess_1/tokens"
}

/// A documented flow, scripted with Clerk-shaped answers, and the fewest requests it takes.
enum DocumentedFlow: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case passwordSignIn = "password sign-in"
    case emailCodeSignIn = "email code sign-in"
    case phoneCodeSignIn = "SMS code sign-in"
    case passwordAndTOTP = "password, then an authenticator app code"
    case emailCodeSignUp = "email and password sign-up with an emailed code"
    case stepByStepPasswordSignIn = "createSignIn, then finalize"
    case restore = "restore at launch"

    var testDescription: String { rawValue }

    /// The requests of the flow itself (Clerk's documented minimum).
    var minimumRequests: Int {
        switch self {
        case .passwordSignIn, .stepByStepPasswordSignIn: 1
        case .emailCodeSignIn, .phoneCodeSignIn, .passwordAndTOTP, .restore: 2
        case .emailCodeSignUp: 3
        }
    }

    /// The answers the server gives, in order.
    var answers: [ScriptedTransport.Step] {
        let done = CarriedTokenFixture.signedIn()
        switch self {
        case .passwordSignIn, .stepByStepPasswordSignIn:
            return [.respond(done)]
        case .emailCodeSignIn:
            let prepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
            return [.respond(Fixture.envelope(prepared, client: Fixture.client(signIn: prepared))), .respond(done)]
        case .phoneCodeSignIn:
            let prepared = Fixture.signIn(
                status: .needsFirstFactor, identifier: "+15555550100", first: [Fixture.phoneFactor],
                firstVerification: Fixture.verification(.phoneCode, next: .needsAttempt))
            return [.respond(Fixture.envelope(prepared, client: Fixture.client(signIn: prepared))), .respond(done)]
        case .passwordAndTOTP:
            let mfa = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor])
            return [.respond(Fixture.envelope(mfa, client: Fixture.client(signIn: mfa))), .respond(done)]
        case .emailCodeSignUp:
            let created = Fixture.signUp(
                status: .missingRequirements, unverified: [.emailAddress], email: Fixture.verification(.emailCode, next: .needsPrepare))
            let prepared = Fixture.signUp(
                status: .missingRequirements, unverified: [.emailAddress], email: Fixture.verification(.emailCode, next: .needsAttempt))
            let complete = Fixture.signUp(status: .complete, session: "sess_1")
            return [
                .respond(Fixture.envelope(created, client: Fixture.client(signUp: created))),
                .respond(Fixture.envelope(prepared, client: Fixture.client(signUp: prepared))),
                .respond(
                    Fixture.envelope(
                        complete, client: Fixture.client(signUp: complete, sessions: [CarriedTokenFixture.session()], lastActive: "sess_1"))),
            ]
        case .restore:
            let client = Fixture.client(sessions: [CarriedTokenFixture.session()], lastActive: "sess_1")
            return Array(repeating: RestoreTests.answers(client: client), count: 2)
        }
    }

    /// Runs the flow to an active session.
    func run(on clerk: ClerkClient) async throws {
        let jane = "jane+clerk_test@example.com"
        switch self {
        case .passwordSignIn:
            _ = try await driver(clerk, [PasswordStrategy()], [.identifier(jane), .password("hunter2-Secret")]).signIn()
        case .emailCodeSignIn:
            _ = try await driver(clerk, [EmailCodeStrategy()], [.identifier(jane), .code("424242")]).signIn()
        case .phoneCodeSignIn:
            _ = try await driver(clerk, [PhoneCodeStrategy()], [.identifier("+15555550100"), .code("424242")]).signIn()
        case .passwordAndTOTP:
            _ = try await driver(clerk, [PasswordStrategy(), TOTPStrategy()], [.identifier(jane), .password("pw"), .code("123456")]).signIn()
        case .emailCodeSignUp:
            let details = SignUpDetails(emailAddress: jane, password: "hunter2-Secret")
            _ = try await driver(clerk, [EmailCodeStrategy()], [.details(details), .code("424242")]).signUp()
        case .stepByStepPasswordSignIn:
            _ = try await clerk.createSignIn(.init(identifier: jane, password: "hunter2-Secret")).finalize()
        case .restore:
            _ = try await clerk.restore()
        }
    }

    private func driver(_ clerk: ClerkClient, _ strategies: [any FactorStrategy], _ answers: [FlowAnswer]) throws -> FlowDriver {
        FlowDriver(client: clerk, registry: try FactorRegistry(strategies), answers: AnswerScript(answers))
    }
}

@Suite("The first session token comes with the client state", .timeLimit(.minutes(10)))
struct FirstTokenTests {
    @Test("each documented flow followed by one sessionToken() takes only the flow's own requests", arguments: DocumentedFlow.allCases)
    func flowThenToken(flow: DocumentedFlow) async throws {
        let harness = SessionHarness(flow.answers)
        try await flow.run(on: harness.client)
        #expect(harness.requests.count == flow.minimumRequests)
        let token = try await harness.client.sessionToken()
        #expect(token.jwt == CarriedTokenFixture.jwt)
        #expect(token.expiresAt == CarriedTokenFixture.now.addingTimeInterval(60))
        #expect(harness.requests.count == flow.minimumRequests)
        #expect(!harness.requests.contains { $0.path.contains("/tokens") })
        #expect(harness.log.lines.contains("token sess_1: taken from the client state"))
        #expect(!harness.log.lines.joined().contains(CarriedTokenFixture.jwt))
    }

    @Test("the background refresh starts from the carried token and fetches only near its expiry")
    func refreshStartsFromCarriedToken() async throws {
        let harness = SessionHarness([.respond(CarriedTokenFixture.signedIn())])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        await harness.client.startTokenRefresh()
        await harness.clock.waitForSleepers(1)
        #expect(harness.requests.count == 1)
        #expect(harness.clock.requestedSleeps.last == .seconds(50))
        await harness.client.stopTokenRefresh()
    }

    @Test(
        "a carried token with no more than the refresh leeway left is not used",
        arguments: [
            (issuedSecondsAgo: 55, lifetime: 60),  // 5 s left
            (issuedSecondsAgo: 50, lifetime: 60),  // exactly the 10 s leeway left
            (issuedSecondsAgo: 3600, lifetime: 60),  // long expired: a lifetime is not counted afresh
        ])
    func expiringSoon(issuedSecondsAgo: Int, lifetime: Int) async throws {
        let old = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now.addingTimeInterval(-Double(issuedSecondsAgo)), lifetime: lifetime)
        let fresh = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now, lifetime: 61)
        let harness = SessionHarness([.respond(CarriedTokenFixture.passwordSignIn(jwt: old)), .respond(SessionFixture.tokenAnswer(fresh))])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
        let token = try await harness.client.sessionToken()
        #expect(token.jwt == fresh)
        expectRequest(harness.requests.last, .post, CarriedTokenFixture.tokenPath)
        #expect(harness.requests.count == 2)
    }

    @Test("a carried token issued before the answer expires at its exp, not a full lifetime after it arrived")
    func countsToExp() async throws {
        let issuedEarlier = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now.addingTimeInterval(-30))
        let harness = SessionHarness([.respond(CarriedTokenFixture.passwordSignIn(jwt: issuedEarlier))])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        let cached = await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1"))
        #expect(cached?.jwt == issuedEarlier)
        #expect(cached?.expiresAt == CarriedTokenFixture.now.addingTimeInterval(30))
    }

    @Test(
        "a carried token whose expiry cannot be read is not cached",
        arguments: [
            "opaque-token",
            SessionFixture.jwt(#"{"sid":"sess_1","sub":"user_1"}"#),
            SessionFixture.jwt(#"{"sid":"sess_1","exp":"tomorrow"}"#),
        ])
    func unreadable(jwt: String) async throws {
        let fetched = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now)
        let harness = SessionHarness([.respond(CarriedTokenFixture.passwordSignIn(jwt: jwt)), .respond(SessionFixture.tokenAnswer(fetched))])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
        #expect(harness.log.lines.contains { $0.hasPrefix("token sess_1: the client state's token is not cached") })
        #expect(!harness.log.lines.joined().contains(jwt))
        #expect(try await harness.client.sessionToken().jwt == fetched)
        #expect(harness.requests.count == 2)
    }

    @Test("a carried token of another session (or naming none) is not used for the active one")
    func otherSession() async throws {
        for jwt in [
            SessionFixture.jwt(issuedAt: CarriedTokenFixture.now, sid: "sess_2"),
            SessionFixture.jwt(#"{"sub":"user_1","exp":1700000060}"#),
        ] {
            let fetched = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now)
            let harness = SessionHarness([.respond(CarriedTokenFixture.passwordSignIn(jwt: jwt)), .respond(SessionFixture.tokenAnswer(fetched))])
            _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
            #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_1")) == nil)
            #expect(await harness.client.cachedSessionToken(for: SessionTokenKey(sessionID: "sess_2")) == nil)
            #expect(harness.log.lines.contains("token sess_1: the client state's token is not cached: its sid claim does not name the session"))
            #expect(try await harness.client.sessionToken().jwt == fetched)
            expectRequest(harness.requests.last, .post, CarriedTokenFixture.tokenPath)
        }
    }

    @Test("each signed-in session's carried token is cached for that session only")
    func eachSessionItsOwn() async throws {
        let second = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now, sid: "sess_2")
        let client = Fixture.client(
            sessions: [CarriedTokenFixture.session(), CarriedTokenFixture.session("sess_2", jwt: second)], lastActive: "sess_1")
        let harness = SessionHarness([.respond(SessionFixture.clientAnswer(client))])
        try await harness.client.refresh()
        #expect(try await harness.client.sessionToken().jwt == CarriedTokenFixture.jwt)
        #expect(try await harness.client.sessionToken(sessionID: "sess_2").jwt == second)
        #expect(harness.requests.count == 1)
    }

    @Test("organization and template tokens are not seeded; skipCache still fetches")
    func otherKeysAndSkipCache() async throws {
        let fetched = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now)
        let harness = SessionHarness([
            .respond(CarriedTokenFixture.signedIn()),
            .respond(SessionFixture.tokenAnswer(fetched)), .respond(SessionFixture.tokenAnswer(fetched)),
            .respond(SessionFixture.tokenAnswer(fetched)),
        ])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        _ = try await harness.client.sessionToken(organizationID: "org_1")
        _ = try await harness.client.sessionToken(template: "supabase")
        #expect(try await harness.client.sessionToken(skipCache: true).jwt == fetched)
        #expect(
            harness.requests.dropFirst().map(\.path) == [
                CarriedTokenFixture.tokenPath, CarriedTokenFixture.tokenPath + "/supabase", CarriedTokenFixture.tokenPath,
            ])
        #expect(harness.requests[1].form == [FormField("organization_id", "org_1")])
        #expect(harness.requests[3].form.isEmpty)
    }

    @Test("a new token in a later answer replaces the cached one, even one that lasts longer (a task done, another organization)")
    func newerAnswerReplaces() async throws {
        let pending = SessionFixture.jwt(
            #"{"sid":"sess_1","sub":"user_1","iat":1700000000,"exp":1700000060,"sts":"pending"}"#)
        let fetched = SessionFixture.jwt(
            #"{"sid":"sess_1","sub":"user_1","iat":1700000001,"exp":1700000062,"sts":"pending"}"#)
        let active = Fixture.client(sessions: [CarriedTokenFixture.session()], lastActive: "sess_1")
        let harness = SessionHarness([
            .respond(CarriedTokenFixture.passwordSignIn(jwt: pending)), .respond(SessionFixture.tokenAnswer(fetched)),
            .respond(SessionFixture.clientAnswer(active)),
        ])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        #expect(try await harness.client.sessionToken(skipCache: true).jwt == fetched)
        try await harness.client.refresh()
        #expect(try await harness.client.sessionToken().jwt == CarriedTokenFixture.jwt)
        #expect(harness.requests.count == 3)
    }

    @Test("a token an earlier answer already showed does not replace one fetched since")
    func longerCachedTokenKept() async throws {
        let fetched = SessionFixture.jwt(issuedAt: CarriedTokenFixture.now.addingTimeInterval(30))
        let older = Fixture.client(sessions: [CarriedTokenFixture.session()], lastActive: "sess_1")
        let harness = SessionHarness([
            .respond(CarriedTokenFixture.signedIn()), .respond(SessionFixture.tokenAnswer(fetched)),
            .respond(SessionFixture.clientAnswer(older)),
        ])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw")).finalize()
        harness.clock.advance(by: .seconds(30))
        #expect(try await harness.client.sessionToken(skipCache: true).jwt == fetched)
        try await harness.client.refresh()
        #expect(try await harness.client.sessionToken().jwt == fetched)
        #expect(harness.requests.count == 3)
    }
}
