import ClerkEmailCode
import ClerkPassword
import ClerkTesting
import Testing

@testable import Clerk

/// An app that answers `.startOver` to every question but those it is given answers for.
struct StartingOverAnswers: FlowAnswerProvider {
    var details: SignUpDetails?
    var identifier: String?
    /// Moves the clock this far before each answer: a user reading the question first.
    var readingTime: (clock: ManualClock, seconds: Double)?
    let asked = Recorder<FlowQuestion>()

    func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        asked.append(question)
        if let readingTime { readingTime.clock.advance(by: .milliseconds(Int(readingTime.seconds * 1000))) }
        switch question {
        case .signUpDetails where details != nil: return .details(details!)
        case .identifier where identifier != nil: return .identifier(identifier!)
        default: return .startOver
        }
    }
}

@Suite("Start-overs never flood the API")
struct StartOverLimitTests {
    static let needsTerms = Fixture.signUp(status: .missingRequirements, missing: [.legalAccepted])
    static let needsTermsAnswer = Fixture.envelope(needsTerms, client: Fixture.client(signUp: needsTerms))

    /// A harness whose clock stands still (every answer comes at once), with `count` sign-ups that ask for legal consent.
    static func signUpHarness(_ count: Int, clock: ManualClock = ManualClock()) -> Harness {
        Harness(Array(repeating: .respond(needsTermsAnswer), count: count), clock: clock)
    }

    @Test("an app answering the sign-up's details and .startOver to the rest: six sign-ups, waits of 1, 2, 4, 8 s, then a typed error")
    func signUpLoop() async throws {
        let harness = Self.signUpHarness(20)
        let answers = StartingOverAnswers(details: SignUpDetails(emailAddress: jane))
        let events = Recorder<FlowEvent>()
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry([EmailCodeStrategy()]), answers: answers) { events.append($0) }

        let error = await clerkError { try await driver.signUp() }

        #expect(error == .flow(.tooManyStartOvers(limit: 5)))
        #expect(harness.requests.map(\.path) == Array(repeating: "/v1/client/sign_ups", count: 6))
        #expect(harness.sleeper.delays == [.seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        #expect(events.values.filter { $0 == .startingOver }.count == 5)
        #expect(answers.asked.values.filter { $0 == .missingFields([.legalAccepted]) }.count == 6)
    }

    @Test("an app answering .startOver to everything: no request at all, a typed error after the budget")
    func everything() async throws {
        let harness = Harness([], clock: ManualClock())
        let answers = StartingOverAnswers()
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry([PasswordStrategy()]), answers: answers)

        #expect(await clerkError { try await driver.signIn() } == .flow(.tooManyStartOvers(limit: 5)))
        #expect(await clerkError { try await driver.signUp() } == .flow(.tooManyStartOvers(limit: 5)))
        #expect(await clerkError { try await driver.resetPassword() } == .flow(.noApplicableStrategy(stage: .passwordReset, supported: [])))

        #expect(harness.requests.isEmpty)
        #expect(answers.asked.values == Array(repeating: .identifier(strategy: .password), count: 6) + Array(repeating: .signUpDetails, count: 6))
        // Each run has a budget of its own: the sign-up's first start-over went at once again.
        #expect(harness.sleeper.delays == Array(repeating: [.seconds(1), .seconds(2), .seconds(4), .seconds(8)], count: 2).flatMap { $0 })
    }

    @Test("a sign-in the app starts over at its code question: one sign-in request per start, bounded")
    func signInCodeLoop() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let startedAnswer = Fixture.envelope(started, client: Fixture.client(signIn: started))
        let harness = Harness(Array(repeating: .respond(startedAnswer), count: 20), clock: ManualClock())
        var driver = FlowDriver(
            client: harness.client, registry: try FactorRegistry([EmailCodeStrategy()]), answers: StartingOverAnswers(identifier: jane))
        driver.maxStartOvers = 2

        #expect(await clerkError { try await driver.signIn() } == .flow(.tooManyStartOvers(limit: 2)))
        #expect(harness.requests.map(\.path) == Array(repeating: "/v1/client/sign_ins", count: 3))
        #expect(harness.sleeper.delays == [.seconds(1)])
    }

    @Test("a user who reads each question before starting over never waits, and the budget still ends the run")
    func attendedStartOvers() async throws {
        let clock = ManualClock()
        let harness = Self.signUpHarness(20, clock: clock)
        let answers = StartingOverAnswers(details: SignUpDetails(emailAddress: jane), readingTime: (clock, 2.5))
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry([EmailCodeStrategy()]), answers: answers)

        #expect(await clerkError { try await driver.signUp() } == .flow(.tooManyStartOvers(limit: 5)))
        #expect(harness.requests.count == 6)
        #expect(harness.sleeper.delays.isEmpty)
    }

    @Test("no start-over allowed: the first .startOver ends the flow, before any request")
    func noStartOver() async throws {
        let harness = Self.signUpHarness(2)
        var driver = FlowDriver(
            client: harness.client, registry: try FactorRegistry([EmailCodeStrategy()]),
            answers: StartingOverAnswers(details: SignUpDetails(emailAddress: jane)))
        driver.maxStartOvers = 0

        #expect(await clerkError { try await driver.signUp() } == .flow(.tooManyStartOvers(limit: 0)))
        #expect(harness.requests.count == 1)
    }

    @Test("re-verification started over by the app: one verify request per start, bounded")
    func reverification() async throws {
        let harness = try await signedInHarness(Array(repeating: .respond(Fixture.reverification(.needsFirstFactor)), count: 20))
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry([PasswordStrategy()]), answers: StartingOverAnswers())

        #expect(await clerkError { try await driver.reverify() } == .flow(.tooManyStartOvers(limit: 5)))
        #expect(harness.accountRequests.map(\.path) == Array(repeating: "/v1/client/sessions/sess_1/verify", count: 6))
    }

    @Test("an app that throws ClerkError.unanswered ends the flow with the question named, after no further request")
    func unanswered() async throws {
        let harness = Self.signUpHarness(1)
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry([EmailCodeStrategy()])) { question in
            guard question == .signUpDetails else { throw ClerkError.unanswered(question) }
            return .details(SignUpDetails(emailAddress: jane))
        }

        let error = await clerkError { try await driver.signUp() }

        #expect(error == .flow(.unansweredQuestion(FlowQuestion.missingFields([.legalAccepted]).description)))
        #expect(error?.description.contains("has no answer to") == true)
        #expect(harness.requests.count == 1)
    }
}
