import ClerkEmailCode
import ClerkPassword
import Testing

@testable import Clerk

/// An answer provider that gives the same answers forever, counting the questions.
struct RepeatingAnswers: FlowAnswerProvider {
    let identifier: String
    let secret: FlowAnswer
    let asked = Recorder<FlowQuestion>()

    func answer(_ question: FlowQuestion) async throws -> FlowAnswer {
        asked.append(question)
        if case .identifier = question { return .identifier(identifier) }
        return secret
    }
}

@Suite("Refused answers never hammer the API")
struct AnswerLimitTests {
    static let done = Fixture.signIn(status: .complete, session: "sess_1")
    static let doneAnswer = Fixture.envelope(done, client: Fixture.completedClient(done))

    @Test("the same wrong password forever: one request, then a typed error after the limit")
    func sameWrongPassword() async throws {
        let harness = Harness([.respond(Fixture.error(422, .formPasswordIncorrect, param: "password"))])
        let answers = RepeatingAnswers(identifier: jane, secret: .password("wrong-password"))
        let events = Recorder<FlowEvent>()
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry([PasswordStrategy()]), answers: answers, onEvent: { events.append($0) })

        let error = await clerkError { try await driver.signIn() }

        #expect(harness.requests.count == 1)
        #expect(error == .flow(.tooManyFailedAnswers(question: "password for \(jane) (again)", count: 5)))
        #expect(events.values.filter { $0 == .refusedAnswerRepeated }.count == 4)
        #expect(answers.asked.values.count == 6)  // the identifier, then five passwords
    }

    @Test("the same wrong code forever: one attempt request after the code was sent")
    func sameWrongCode() async throws {
        let started = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let harness = Harness([
            .respond(Fixture.envelope(started, client: Fixture.client(signIn: started))),
            .respond(Fixture.error(422, .formCodeIncorrect, param: "code")),
        ])
        let answers = RepeatingAnswers(identifier: jane, secret: .code("000000"))
        var driver = FlowDriver(client: harness.client, registry: try FactorRegistry([EmailCodeStrategy()]), answers: answers)
        driver.maxFailedAnswers = 3

        let error = await clerkError { try await driver.signIn() }

        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ins", "/v1/client/sign_ins/sia_1/attempt_first_factor"])
        guard case .flow(.tooManyFailedAnswers(_, let count)) = error else {
            Issue.record("expected tooManyFailedAnswers, got \(String(describing: error))")
            return
        }
        #expect(count == 3)
    }

    @Test("distinct wrong answers are each sent once, up to the configured limit")
    func distinctAnswersUpToLimit() async throws {
        let refusal = Fixture.error(422, .formPasswordIncorrect, param: "password")
        let harness = Harness([.respond(refusal), .respond(refusal), .respond(Self.doneAnswer)])
        let (base, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("one"), .password("two"), .password("three")])
        var driver = base
        driver.maxFailedAnswers = 2

        let error = await clerkError { try await driver.signIn() }

        #expect(
            harness.requests.map(\.form) == [
                [FormField("identifier", jane), FormField("password", "one")],
                [FormField("identifier", jane), FormField("password", "two")],
            ])
        #expect(error == .flow(.tooManyFailedAnswers(question: "password for \(jane) (again)", count: 2)))
    }

    @Test("429 with a short Retry-After: the request is sent once more after the wait, with no question asked again")
    func rateLimitedBriefly() async throws {
        let harness = Harness([
            .respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "7"])),
            .respond(Self.doneAnswer),
        ])
        let (driver, script, events) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("right-password")])

        let session = try await driver.signIn()

        #expect(session.id == "sess_1")
        #expect(harness.sleeper.delays == [.seconds(7)])
        #expect(harness.requests.count == 2)
        #expect(!events.values.contains(.rateLimited(retryAfter: .seconds(7))))
        #expect(script.questions.count == 2)
    }

    @Test("429 with a Retry-After past the retry policy's cap: the driver waits that long, then asks again, without counting the answer as refused")
    func rateLimited() async throws {
        let harness = Harness([
            .respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "30"])),
            .respond(Self.doneAnswer),
        ])
        let (driver, script, events) = try makeDriver(
            harness, [PasswordStrategy()], answers: [.identifier(jane), .password("right-password"), .password("right-password")])

        let session = try await driver.signIn()

        #expect(session.id == "sess_1")
        #expect(harness.sleeper.delays == [.seconds(30)])
        #expect(harness.requests.count == 2)
        #expect(events.values.contains(.rateLimited(retryAfter: .seconds(30))))
        #expect(script.questions.count == 3)
    }

    @Test("a Retry-After longer than the driver accepts ends the flow with the API's error")
    func rateLimitedTooLong() async throws {
        let harness = Harness([.respond(Fixture.error(429, .tooManyRequests, headers: ["Retry-After": "600"]))])
        let (driver, _, _) = try makeDriver(harness, [PasswordStrategy()], answers: [.identifier(jane), .password("pw-one-two-three")])

        let error = await clerkError { try await driver.signIn() }

        #expect(error?.httpStatus == 429)
        #expect(harness.sleeper.delays.isEmpty)
    }
}
