// Deliberately not @testable: a strategy from another module sees only the public API.
import Clerk
import ClerkPassword
import Testing

/// A made-up second factor, `sms_link`, as a third-party module would write it: the API texts a
/// link carrying a token to the phone number, and the app attempts with that token as the code.
struct SMSLinkStrategy: FactorStrategy {
    static let smsLink = Strategy(rawValue: "sms_link")

    let strategy = SMSLinkStrategy.smsLink
    let stages: Set<FactorStage> = [.secondFactor]
    let credential = CredentialKind.code
    var capabilities: FactorCapabilities { .sendsCode }

    func accepts(_ factor: SignInFactor) -> Bool {
        factor.strategy == strategy && factor.phoneNumberID != nil
    }

    func prepareSecondFactor(_ factor: SignInFactor) -> PrepareSignInSecondFactorRequest.Body {
        PrepareSignInSecondFactorRequest.Body(strategy: strategy, phoneNumberID: factor.phoneNumberID, redirectURL: "myapp://sms-link")
    }
}

@Suite("A strategy from another module")
struct ThirdPartyStrategyTests {
    static let linkFactor = SignInFactor(strategy: SMSLinkStrategy.smsLink, safeIdentifier: "+1 555-555-0100", phoneNumberID: "idn_phone")

    @Test("sms_link plugs into the registry and the flow driver without changes to Clerk")
    func smsLinkSecondFactor() async throws {
        let needsSecond = Fixture.signIn(status: .needsSecondFactor, second: [Fixture.totpFactor, Self.linkFactor])
        let sent = Fixture.signIn(
            status: .needsSecondFactor, second: [Fixture.totpFactor, Self.linkFactor],
            secondVerification: Fixture.verification(SMSLinkStrategy.smsLink, next: .needsAttempt))
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(needsSecond, client: Fixture.client(signIn: needsSecond))),
            .respond(Fixture.envelope(sent, client: Fixture.client(signIn: sent))),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let registry = try FactorRegistry([PasswordStrategy(), SMSLinkStrategy()])
        let answers = AnswerScript([.identifier(jane), .password("hunter2-Secret"), .code("link-token-123")])
        let driver = FlowDriver(client: harness.client, registry: registry, answers: answers)

        let session = try await driver.signIn()

        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 3)
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/prepare_second_factor",
            form: [("strategy", "sms_link"), ("phone_number_id", "idn_phone"), ("redirect_url", "myapp://sms-link")])
        expectRequest(
            harness.requests[2], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor",
            form: [("strategy", "sms_link"), ("code", "link-token-123")])
        #expect(answers.questions.last == .code(CodePrompt(stage: .secondFactor, strategy: SMSLinkStrategy.smsLink, sentTo: "+1 555-555-0100")))
    }

    @Test("a factor the strategy does not accept is not offered to it")
    func refusesFactorWithoutPhone() {
        let bare = SignInFactor(strategy: SMSLinkStrategy.smsLink)
        #expect(SMSLinkStrategy().selectFactor(from: [bare, Fixture.totpFactor], identifier: nil) == nil)
        #expect(SMSLinkStrategy().selectFactor(from: [bare, Self.linkFactor], identifier: nil) == Self.linkFactor)
    }
}
