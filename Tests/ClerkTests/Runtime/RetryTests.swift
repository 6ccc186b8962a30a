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
        "requests that create, prepare or attempt are never retried", arguments: Call.allCases,
        [
            ScriptedTransport.Step.fail(TransportError(.timedOut)),
            .fail(TransportError(.connectionLost)),
            .respond(Fixture.error(503, .internalClerkError)),
            .respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "1"])),
            .respond(TransportResponse(status: 502, headers: ["Content-Type": "text/html"], body: Data("<html/>".utf8))),
        ])
    func neverRetried(call: Call, fault: ScriptedTransport.Step) async {
        let harness = Harness([fault, .respond(Self.clientAnswer)])
        let c = harness.client
        let signIn = SignInHandle(client: c, signIn: Fixture.signIn(status: .needsFirstFactor))
        let signUp = SignUpHandle(client: c, signUp: Fixture.signUp(status: .missingRequirements))
        let error = await clerkError { () async throws -> Void in
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
        #expect(error != nil)
        #expect(harness.requests.count == 1, "\(call) was sent \(harness.requests.count) times")
        #expect(harness.sleeper.delays.isEmpty)
        #expect(await c.client == nil)
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
