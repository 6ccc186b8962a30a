import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("Retries")
struct RetryTests {
    static let clientAnswer = Fixture.envelope(Optional(Fixture.client()), client: nil)

    @Test("a safe request is retried on 5xx with exponential backoff, then succeeds")
    func retry5xx() async throws {
        let harness = Harness([
            .respond(TransportResponse(status: 503, headers: ["Content-Type": "text/html"], body: Data("<html>down</html>".utf8))),
            .respond(Fixture.error(500, .internalClerkError)),
            .respond(Self.clientAnswer),
        ])
        try await harness.client.refresh()
        #expect(harness.requests.count == 3)
        #expect(harness.sleeper.delays == [.milliseconds(250), .milliseconds(500)])
        #expect(await harness.client.client?.id == "client_1")
    }

    @Test("a 429 is retried after its Retry-After")
    func retryAfter() async throws {
        let harness = Harness([
            .respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "3"])),
            .respond(Self.clientAnswer),
        ])
        try await harness.client.refresh()
        #expect(harness.sleeper.delays == [.seconds(3)])
    }

    @Test("a Retry-After beyond the policy's longest wait is not waited for")
    func retryAfterTooLong() async {
        let harness = Harness([.respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "120"]))])
        let error = await clerkError { try await harness.client.refresh() }
        #expect(error?.retryAfter == .seconds(120))
        #expect(harness.requests.count == 1)
        #expect(harness.sleeper.delays.isEmpty)
    }

    @Test(
        "transient transport failures are retried for safe requests",
        arguments: [
            TransportError.Kind.timedOut, .connectionLost, .cannotConnect, .notConnected,
        ])
    func transient(kind: TransportError.Kind) async throws {
        let harness = Harness([.fail(TransportError(kind)), .respond(Self.clientAnswer)])
        try await harness.client.refresh()
        #expect(harness.requests.count == 2)
    }

    @Test("non-transient failures and 4xx answers are not retried")
    func notRetried() async {
        let harness = Harness([.fail(TransportError(.secureConnectionFailed))])
        #expect(await clerkError { try await harness.client.refresh() }?.isTransport == true)
        #expect(harness.requests.count == 1)

        let second = Harness([.respond(Fixture.error(401, .authenticationInvalid))])
        #expect(await clerkError { try await second.client.refresh() }?.code == .authenticationInvalid)
        #expect(second.requests.count == 1)
    }

    @Test("attempts stop at maxAttempts and the last error is thrown")
    func bounded() async {
        let harness = Harness([
            .respond(Fixture.error(503, .internalClerkError)), .respond(Fixture.error(503, .internalClerkError)),
            .respond(Fixture.error(502, .internalClerkError)), .respond(Self.clientAnswer),
        ])
        let error = await clerkError { try await harness.client.refresh() }
        #expect(error?.httpStatus == 502)
        #expect(harness.requests.count == 3)
        #expect(harness.transport.remainingSteps == 1)
    }

    @Test("session token fetches are retried")
    func tokenRetried() async throws {
        let signIn = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(signIn, client: Fixture.completedClient(signIn))),
            .fail(TransportError(.connectionLost)),
            .respond(TransportResponse(status: 200, json: #"{"object":"token","jwt":"eyJ.a.b"}"#)),
        ])
        _ = try await harness.client.createSignIn(.init(identifier: "jane", password: "pw"))
        let token = try await harness.client.sessionToken()
        #expect(token.jwt == "eyJ.a.b")
        #expect(harness.requests.count == 3)
        #expect(harness.requests.dropFirst().allSatisfy { $0.path == "/v1/client/sessions/sess_1/tokens" })
    }

    enum Call: String, CaseIterable {
        case createSignIn, prepareFirst, attemptFirst, prepareSecond, attemptSecond, createSignUp, updateSignUp,
            prepareVerification, attemptVerification, touch, resetPassword, remove, deleteClient
    }

    @Test(
        "requests that may not repeat are sent once: after a lost answer only reads follow", arguments: Call.allCases,
        [
            ScriptedTransport.Step.fail(TransportError(.timedOut)),
            .fail(TransportError(.connectionLost)),
            .respond(Fixture.error(503, .internalClerkError)),
            .respond(TransportResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<html/>".utf8))),
        ])
    func neverRetried(call: Call, fault: ScriptedTransport.Step) async {
        let harness = Harness([fault, Fixture.unreachable, Fixture.unreachable])
        let c = harness.client
        let error = await clerkError { try await Self.make(call, on: c) }
        #expect(error != nil)
        let writes = harness.requests.filter { $0.method != .get }
        #expect(writes.count == 1, "\(call) was sent \(writes.count) times")
        #expect(harness.sleeper.delays.isEmpty)
        #expect(await c.client == nil)
        if case .respond(let answer) = fault, answer.status == 503 {
            #expect(error?.code == .internalClerkError)
        } else {
            #expect(error?.lostAnswer?.request.hasPrefix(writes.first.map { "\($0.method.rawValue) \($0.path)" } ?? "-") == true)
        }
    }

    @Test("a 429 on a request that may not repeat is waited out and sent once more, not twice", arguments: Call.allCases)
    func rateLimitedOnceMore(call: Call) async {
        let tooMany = Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "1"])
        let harness = Harness([.respond(tooMany), .respond(tooMany), .respond(tooMany)])
        let error = await clerkError { try await Self.make(call, on: harness.client) }
        #expect(error?.httpStatus == 429)
        #expect(harness.requests.count == 2, "\(call) was sent \(harness.requests.count) times")
        #expect(harness.sleeper.delays == [.seconds(1)])
    }

    static func make(_ call: Call, on c: ClerkClient) async throws {
        let signIn = SignInHandle(client: c, signIn: Fixture.signIn(status: .needsFirstFactor))
        let signUp = SignUpHandle(client: c, signUp: Fixture.signUp(status: .missingRequirements))
        switch call {
        case .createSignIn: _ = try await c.createSignIn(.init(identifier: "jane", password: "pw"))
        case .prepareFirst: _ = try await signIn.prepareFirstFactor(.init(strategy: .emailCode, emailAddressID: "idn_email"))
        case .attemptFirst: _ = try await signIn.attemptFirstFactor(.init(strategy: .emailCode, code: "424242"))
        case .prepareSecond: _ = try await signIn.prepareSecondFactor(.init(strategy: .phoneCode, phoneNumberID: "idn_phone"))
        case .attemptSecond: _ = try await signIn.attemptSecondFactor(.init(strategy: .totp, code: "123456"))
        case .createSignUp: _ = try await c.createSignUp(.init(emailAddress: "a@b.co"))
        case .updateSignUp: _ = try await signUp.update(SignUpDetails(legalAccepted: true))
        case .prepareVerification: _ = try await signUp.prepareVerification(.init(strategy: .emailCode))
        case .attemptVerification: _ = try await signUp.attemptVerification(.init(strategy: .emailCode, code: "424242"))
        case .touch: _ = try await c.activate(sessionID: "sess_1")
        case .resetPassword: _ = try await signIn.resetPassword(.init(password: "new-pw"))
        case .remove: _ = try await c.signOut(sessionID: "sess_1")
        case .deleteClient: try await c.signOutEverywhere()
        }
    }

    @Test("the call's deadline abandons a silent attempt and starts no retry past it")
    func deadline() async {
        let harness = Harness([.hang, .hang], retry: RetryPolicy(deadline: .milliseconds(200)))
        let error = await clerkError { try await harness.client.refresh() }
        #expect(error?.isTransport == true, "\(String(describing: error))")
        #expect({ if case .transport(let failure) = error { failure.kind == .timedOut } else { false } }())
        #expect(harness.requests.count == 1)
    }

    @Test("a silent answer to a request that may not repeat ends at the deadline as a lost answer")
    func deadlineOnAttempt() async {
        let harness = Harness([.hang, Fixture.unreachable, Fixture.unreachable], retry: RetryPolicy(deadline: .milliseconds(200)))
        let signIn = SignInHandle(client: harness.client, signIn: Fixture.signIn(status: .needsFirstFactor))
        let error = await clerkError { try await signIn.attemptFirstFactor(.init(strategy: .emailCode, code: "424242")) }
        #expect(error?.lostAnswer?.cause == .transport(TransportError(.timedOut, detail: "the call's deadline passed (RetryPolicy.deadline)")))
        // The re-read found no answer either: the outcome stays unknown, and nothing was sent again.
        #expect(error?.lostAnswer?.serverState == .unknown)
        #expect(harness.requests.filter { $0.method != .get }.count == 1)
    }

    @Test("retries wait in real time, never on the token clock a test moves", .timeLimit(.minutes(10)))
    func retriesDoNotWaitOnTheTokenClock() async throws {
        let clock = ManualClock()
        let transport = ScriptedTransport([.respond(Fixture.error(503, .internalClerkError)), .respond(Self.clientAnswer)])
        // As the session-lifecycle example sets it up: the manual clock for token timing only.
        let client = ClerkClient(
            configuration: try ClerkConfiguration(frontendAPIURL: Fixture.baseURL), options: .init(transport: transport, sleeper: clock, clock: clock))
        try await client.refresh()
        #expect(transport.requests.count == 2)
        #expect(clock.requestedSleeps.isEmpty)
    }

    @Test("the backoff schedule is bounded")
    func schedule() {
        let policy = RetryPolicy(maxAttempts: 6, baseDelay: .seconds(1), maxDelay: .seconds(5))
        #expect((1...5).map { policy.delay(afterAttempt: $0, retryAfter: nil) } == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        #expect(policy.delay(afterAttempt: 6, retryAfter: nil) == nil)
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(3)) == .seconds(3))
        #expect(policy.delay(afterAttempt: 3, retryAfter: .seconds(1)) == .seconds(4))
        #expect(policy.delay(afterAttempt: 1, retryAfter: .seconds(6)) == nil)
        #expect(RetryPolicy.none.delay(afterAttempt: 1, retryAfter: nil) == nil)
    }
}

@Suite("Cancellation")
struct CancellationTests {
    @Test("a cancelled task sends nothing and throws .cancelled")
    func cancelledBeforeSending() async {
        let harness = Harness([.respond(RetryTests.clientAnswer)])
        let task = Task { () async throws -> Void in
            withUnsafeCurrentTask { $0?.cancel() }
            try await harness.client.refresh()
        }
        let result = await task.result
        #expect(throws: ClerkError.cancelled) { try result.get() }
        #expect(harness.requests.isEmpty)
    }

    @Test("cancellation during a retry wait throws .cancelled and keeps the state")
    func cancelledWhileWaiting() async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness(
            [
                .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn))),
                .respond(Fixture.error(503, .internalClerkError)),
                .respond(RetryTests.clientAnswer),
            ], sleeper: RecordingSleeper(failing: true))
        _ = try await harness.client.createSignIn(.init(identifier: "jane"))
        let error = await clerkError { try await harness.client.refresh() }
        #expect(error == .cancelled)
        #expect(harness.requests.count == 2)
        #expect(await harness.client.currentSignIn?.id == "sia_1")
    }

    @Test("a cancelled attempt leaves the sign-in as it was and can be made again")
    func cancelledAttempt() async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn))),
            .cancel,
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let handle = try await harness.client.createSignIn(.init(strategy: .emailCode, identifier: "jane"))
        let error = await clerkError { try await handle.attemptFirstFactor(.init(strategy: .emailCode, code: "424242")) }
        #expect(error == .cancelled)
        #expect(await harness.client.currentSignIn?.status == .needsFirstFactor)
        let retried = try await handle.attemptFirstFactor(.init(strategy: .emailCode, code: "424242"))
        #expect(retried.isComplete)
        #expect(harness.requests.filter { $0.path.hasSuffix("attempt_first_factor") }.count == 2)
    }
}
