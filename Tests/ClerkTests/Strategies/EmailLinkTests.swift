import ClerkPassword
import ClerkTesting
import Foundation
import Testing

@testable import Clerk
@testable import ClerkEmailLink

/// A client over a scripted transport whose waits follow a manual clock.
struct LinkHarness {
    let transport: ScriptedTransport
    let clock = ManualClock()
    let client: ClerkClient

    init(_ steps: [ScriptedTransport.Step]) {
        transport = ScriptedTransport(steps)
        client = ClerkClient(
            configuration: try! ClerkConfiguration(frontendAPIURL: Fixture.baseURL),
            options: .init(
                transport: transport, tokenStore: InMemoryTokenStore(token: "client_token_1"), sleeper: clock, retrySleeper: RecordingSleeper(), clock: clock))
    }

    var requests: [TransportRequest] { transport.requests }

    /// Lets the next `count` pauses of the wait end, one after the other.
    func elapse(_ count: Int) async {
        for _ in 0..<count {
            await clock.waitForSleepers(1)
            clock.advanceToNextDeadline()
        }
    }
}

extension Fixture {
    static let redirectURL = URL(string: "myapp://email-link")!
    static let linkFactor = SignInFactor(strategy: .emailLink, safeIdentifier: "jane+clerk_test@example.com", emailAddressID: "idn_email", primary: true)
    static let linkSent = signIn(status: .needsFirstFactor, first: [linkFactor, passwordFactor], firstVerification: verification(.emailLink))
    static let linkSignedIn = signIn(status: .complete, first: nil, firstVerification: verification(.emailLink, .verified), session: "sess_1")

    static func redirect(_ status: String) -> URL {
        URL(string: "myapp://email-link?__clerk_status=\(status)")!
    }
}

@Suite("Email link")
struct EmailLinkTests {
    static let sent = Fixture.envelope(Fixture.linkSent, client: Fixture.client(signIn: Fixture.linkSent))
    static let done = Fixture.envelope(Fixture.linkSignedIn, client: Fixture.completedClient(Fixture.linkSignedIn))
    static let prompt = EmailLinkPrompt(stage: .firstFactor, sentTo: jane)

    func driver(_ harness: LinkHarness, _ strategies: [any FactorStrategy], answers: [FlowAnswer]) throws -> (FlowDriver, AnswerScript, Recorder<FlowEvent>) {
        let script = AnswerScript(answers)
        let events = Recorder<FlowEvent>()
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry(strategies), answers: script, onEvent: { events.append($0) })
        return (driver, script, events)
    }

    @Test("sign-in opened on another device: one request to start and send, then reads with growing pauses until complete")
    func signInPolled() async throws {
        let harness = LinkHarness([.respond(Self.sent), .respond(Self.sent), .respond(Self.done)])
        let (driver, script, events) = try driver(harness, [EmailLinkStrategy(redirectURL: Fixture.redirectURL)], answers: [.identifier(jane), .acknowledged])
        let flow = Task { try await driver.signIn() }
        await harness.elapse(2)
        let session = try await flow.value
        #expect(session.id == "sess_1")
        #expect(!session.neededRequest)
        #expect(harness.requests.count == 3)
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins",
            form: [("strategy", "email_link"), ("identifier", jane), ("redirect_url", "myapp://email-link")])
        expectRequest(harness.requests[1], .get, "/v1/client/sign_ins/sia_1")
        expectRequest(harness.requests[2], .get, "/v1/client/sign_ins/sia_1")
        #expect(harness.clock.requestedSleeps == [.seconds(1), .milliseconds(1500)])
        #expect(script.questions == [.identifier(strategy: .emailLink), .emailLinkSent(Self.prompt)])
        #expect(events.values.contains(.emailLinkSent(Self.prompt)))
        #expect(events.values.contains(.waitingForEmailLink))
        #expect(events.values.contains(.emailLinkOpened))
    }

    @Test("the redirect URL handed to the driver completes at once; a resend prepares with email_address_id and redirect_url")
    func signInRedirectAfterResend() async throws {
        let harness = LinkHarness([.respond(Self.sent), .respond(Self.sent), .respond(Self.done)])
        let (driver, script, _) = try driver(
            harness, [EmailLinkStrategy(redirectURL: Fixture.redirectURL)],
            answers: [.identifier(jane), .resendCode, .redirect(Fixture.redirect("verified"))])
        _ = try await driver.signIn()
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_first_factor",
            form: [("strategy", "email_link"), ("email_address_id", "idn_email"), ("redirect_url", "myapp://email-link")])
        expectRequest(harness.requests[2], .get, "/v1/client/sign_ins/sia_1")
        #expect(harness.requests.count == 3)
        #expect(harness.clock.requestedSleeps.isEmpty)
        #expect(script.questions.count == 3)
    }

    @Test(
        "handleRedirect: expired, failed and client_mismatch are typed errors and send nothing",
        arguments: [
            ("expired", EmailLinkFailure.expired), ("failed", .failed), ("client_mismatch", .clientMismatch),
        ])
    func badRedirects(status: String, failure: EmailLinkFailure) async throws {
        let harness = LinkHarness([])
        let handle = SignInHandle(client: harness.client, signIn: Fixture.linkSent)
        let error = await clerkError { try await handle.handleRedirect(Fixture.redirect(status)) }
        #expect(error == .flow(.emailLink(failure)))
        let signUpError = await clerkError {
            try await SignUpHandle(client: harness.client, signUp: Fixture.signUp(status: .missingRequirements)).handleRedirect(Fixture.redirect(status))
        }
        #expect(signUpError == .flow(.emailLink(failure)))
        #expect(harness.requests.isEmpty)
    }

    @Test("handleRedirect: a URL without a known __clerk_status is refused before any request")
    func notARedirect() async throws {
        let harness = LinkHarness([])
        let handle = SignInHandle(client: harness.client, signIn: Fixture.linkSent)
        for url in ["myapp://email-link", "myapp://email-link?__clerk_status=maybe"] {
            let error = await clerkError { try await handle.handleRedirect(URL(string: url)!) }
            guard case .invalidInput(let input) = error else {
                Issue.record("expected invalidInput, got \(String(describing: error))")
                continue
            }
            #expect(input.field == "__clerk_status")
        }
        #expect(harness.requests.isEmpty)
        #expect(try EmailLinkRedirect(URL(string: "myapp://x?__clerk_status=verified&__clerk_created_session=sess_9")!).createdSessionID == "sess_9")
    }

    @Test("waiting is cancellable: a cancelled wait throws cancelled and reads nothing more")
    func cancel() async throws {
        let harness = LinkHarness([])
        let handle = SignInHandle(client: harness.client, signIn: Fixture.linkSent)
        let wait = Task { () async throws(ClerkError) -> SignInHandle in try await handle.waitForEmailLink() }
        await harness.clock.waitForSleepers(1)
        wait.cancel()
        let result = await wait.result
        guard case .failure(let error) = result else {
            Issue.record("the wait did not end with an error")
            return
        }
        #expect(error as? ClerkError == .cancelled)
        #expect(harness.requests.isEmpty)
    }

    @Test("waiting is bounded: it stops with notOpened once the timeout has passed, the last pause cut to what remains")
    func bounded() async throws {
        let pending = Fixture.envelope(Fixture.linkSent, client: Fixture.client(signIn: Fixture.linkSent))
        let harness = LinkHarness([.respond(pending), .respond(pending), .respond(pending)])
        let handle = SignInHandle(client: harness.client, signIn: Fixture.linkSent)
        let wait = Task { () async throws(ClerkError) -> SignInHandle in
            try await handle.waitForEmailLink(polling: LinkPolling(timeout: .seconds(3)))
        }
        await harness.elapse(3)
        guard case .failure(let error) = await wait.result else {
            Issue.record("the wait did not end with an error")
            return
        }
        #expect(error as? ClerkError == .flow(.emailLink(.notOpened)))
        #expect(harness.clock.requestedSleeps == [.seconds(1), .milliseconds(1500), .milliseconds(500)])
        #expect(harness.requests.map(\.path) == Array(repeating: "/v1/client/sign_ins/sia_1", count: 3))
    }

    @Test("the pauses grow by the multiplier up to the longest pause")
    func backoff() {
        let polling = LinkPolling(firstInterval: .seconds(2), multiplier: 2, maxInterval: .seconds(5))
        #expect(polling.next(after: .seconds(2)) == .seconds(4))
        #expect(polling.next(after: .seconds(4)) == .seconds(5))
        #expect(LinkPolling(firstInterval: .seconds(3), multiplier: 0.5, maxInterval: .seconds(1)).maxInterval == .seconds(3))
    }

    @Test("an expired verification seen while waiting ends the wait with expired")
    func expiredWhileWaiting() async throws {
        let expired = Fixture.signIn(status: .needsFirstFactor, first: [Fixture.linkFactor], firstVerification: Fixture.verification(.emailLink, .expired))
        let harness = LinkHarness([.respond(Fixture.envelope(expired, client: Fixture.client(signIn: expired)))])
        let handle = SignInHandle(client: harness.client, signIn: Fixture.linkSent)
        let wait = Task { () async throws(ClerkError) -> SignInHandle in try await handle.waitForEmailLink() }
        await harness.elapse(1)
        guard case .failure(let error) = await wait.result else {
            Issue.record("the wait did not end with an error")
            return
        }
        #expect(error as? ClerkError == .flow(.emailLink(.expired)))
        #expect(harness.requests.count == 1)
    }

    @Test("sign-up verification: prepare_verification {strategy: email_link, redirect_url}, then wait for the link")
    func signUpVerification() async throws {
        let created = Fixture.signUp(status: .missingRequirements, unverified: [.emailAddress])
        let prepared = Fixture.signUp(status: .missingRequirements, unverified: [.emailAddress], email: Fixture.verification(.emailLink))
        let complete = Fixture.signUp(status: .complete, email: Fixture.verification(.emailLink, .verified), session: "sess_1")
        let harness = LinkHarness([
            .respond(Fixture.envelope(created, client: Fixture.client(signUp: created))),
            .respond(Fixture.envelope(prepared, client: Fixture.client(signUp: prepared))),
            .respond(Fixture.envelope(complete, client: Fixture.client(signUp: complete, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
        var details = SignUpDetails()
        details.emailAddress = jane
        let (driver, script, _) = try driver(harness, [EmailLinkStrategy(redirectURL: Fixture.redirectURL)], answers: [.acknowledged])
        let flow = Task { try await driver.signUp(details) }
        await harness.elapse(1)
        let session = try await flow.value
        #expect(session.id == "sess_1")
        expectRequest(harness.requests[0], .post, "/v1/client/sign_ups", form: [("email_address", jane)])
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ups/sua_1/prepare_verification",
            form: [("strategy", "email_link"), ("redirect_url", "myapp://email-link")])
        expectRequest(harness.requests[2], .get, "/v1/client/sign_ups/sua_1")
        #expect(harness.requests.count == 3)
        #expect(script.questions == [.emailLinkSent(EmailLinkPrompt(stage: .signUpVerification, sentTo: jane))])
    }

    @Test("Client Trust falls back to an email link: prepare_second_factor with email_address_id and redirect_url")
    func clientTrust() async throws {
        let trust = Fixture.signIn(status: .needsClientTrust, second: [Fixture.linkFactor])
        let harness = LinkHarness([
            .respond(Fixture.envelope(trust, client: Fixture.client(signIn: trust))),
            .respond(Fixture.envelope(trust, client: Fixture.client(signIn: trust))),
            .respond(Self.done),
        ])
        let (driver, script, _) = try driver(
            harness, [PasswordStrategy(), EmailLinkStrategy(redirectURL: Fixture.redirectURL, stages: [.clientTrust])],
            answers: [.identifier(jane), .password("hunter2-Secret"), .redirect(Fixture.redirect("verified"))])
        _ = try await driver.signIn()
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_second_factor",
            form: [("strategy", "email_link"), ("email_address_id", "idn_email"), ("redirect_url", "myapp://email-link")])
        expectRequest(harness.requests[2], .get, "/v1/client/sign_ins/sia_1")
        #expect(harness.requests.count == 3)
        #expect(script.questions.last == .emailLinkSent(EmailLinkPrompt(stage: .clientTrust, sentTo: jane)))
    }

    @Test("sign_up_if_missing: an address without an account becomes a sign-up once its link is opened")
    func signUpIfMissing() async throws {
        let transferable = Fixture.signIn(
            status: .needsFirstFactor, first: [Fixture.linkFactor], firstVerification: Fixture.verification(.emailLink, .transferable))
        let signedUp = Fixture.signUp(status: .complete, session: "sess_1")
        let harness = LinkHarness([
            .respond(Self.sent),
            .respond(Fixture.envelope(transferable, client: Fixture.client(signIn: transferable))),
            .respond(Fixture.envelope(signedUp, client: Fixture.client(signUp: signedUp, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
        let strategy = EmailLinkStrategy(redirectURL: Fixture.redirectURL, stages: [.firstFactor], signUpIfMissing: true)
        #expect(strategy.capabilities.contains(.transfersMissingAccount))
        let (driver, _, events) = try driver(harness, [strategy], answers: [.identifier(jane), .acknowledged])
        let flow = Task { try await driver.signIn() }
        await harness.elapse(1)
        _ = try await flow.value
        expectRequest(
            harness.requests[0], .post, "/v1/client/sign_ins",
            form: [("strategy", "email_link"), ("identifier", jane), ("redirect_url", "myapp://email-link"), ("sign_up_if_missing", "true")])
        expectRequest(harness.requests[2], .post, "/v1/client/sign_ups", form: [("transfer", "true")])
        #expect(events.values.contains(.transferringToSignUp))
    }

    @Test("step by step: startEmailLinkSignIn, sendEmailLink, and the same requests as the driver")
    func stepByStep() async throws {
        let harness = LinkHarness([.respond(Self.sent), .respond(Self.sent), .respond(Self.done)])
        let started = try await harness.client.startEmailLinkSignIn(emailAddress: jane, redirectURL: Fixture.redirectURL)
        let resent = try await started.sendEmailLink(redirectURL: Fixture.redirectURL)
        let complete = try await resent.handleRedirect(Fixture.redirect("verified"))
        #expect(complete.isComplete)
        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ins", "/v1/client/sign_ins/sia_1/prepare_first_factor", "/v1/client/sign_ins/sia_1"])
        let noLink = SignInHandle(client: harness.client, signIn: Fixture.signIn(status: .needsFirstFactor, first: [Fixture.passwordFactor]))
        let error = await clerkError { try await noLink.sendEmailLink(redirectURL: Fixture.redirectURL) }
        #expect(error == .flow(.noApplicableStrategy(stage: .firstFactor, supported: [.password])))
        #expect(harness.requests.count == 3)
    }

    @Test("registry: email link registers beside email code, at first factor, Client Trust and sign-up verification only")
    func registry() throws {
        let strategy = EmailLinkStrategy(redirectURL: Fixture.redirectURL, stages: [.firstFactor, .secondFactor, .clientTrust])
        #expect(strategy.stages == [.firstFactor, .clientTrust])
        #expect(strategy.capabilities == [.startsSignIn, .sendsCode, .sendsLink])
        var registry = try FactorRegistry([EmailLinkStrategy(redirectURL: Fixture.redirectURL), PasswordStrategy()])
        #expect(registry.contains(.emailLink, for: .signUpVerification))
        #expect(throws: ClerkError.configuration(.duplicateStrategy(.emailLink, stage: .firstFactor))) {
            try registry.register(EmailLinkStrategy(redirectURL: Fixture.redirectURL))
        }
        #expect(!strategy.accepts(SignInFactor(strategy: .emailLink)))
        #expect(strategy.accepts(Fixture.linkFactor))
    }
}
