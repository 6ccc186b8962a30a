// Deliberately not @testable: a strategy from another module sees only the public API.
import Clerk
import ClerkPassword
import Testing

/// A made-up second factor whose code comes from a device the app talks to, not from the user:
/// its own step attempts without asking, so the driver needs no change for it.
struct DeviceCodeStrategy: FactorStrategy {
    static let deviceCode = Strategy(rawValue: "device_code")

    let strategy = DeviceCodeStrategy.deviceCode
    let stages: Set<FactorStage> = [.secondFactor]
    let credential = CredentialKind(rawValue: "device")
    let steps = Recorder<String>()

    func verify<Handle: Sendable>(_ context: FactorStepContext<Handle>) async throws(ClerkError) -> FlowDriver.Step<Handle> {
        steps.append("\(context.stage.rawValue) \(context.strategy.rawValue) sent to \(context.sentTo ?? "nothing")")
        return try await context.attempt("device-code-777")
    }
}

@Suite("A strategy that runs its own step")
struct StrategyStepTests {
    @Test("a second factor attempts with its own code: no question, the driver unchanged")
    func ownStep() async throws {
        let factor = SignInFactor(strategy: DeviceCodeStrategy.deviceCode)
        let needsSecond = Fixture.signIn(status: .needsSecondFactor, second: [factor])
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let harness = Harness([
            .respond(Fixture.envelope(needsSecond, client: Fixture.client(signIn: needsSecond))),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])
        let strategy = DeviceCodeStrategy()
        let answers = AnswerScript([.identifier(jane), .password("hunter2-Secret")])
        let driver = FlowDriver(client: harness.client, registry: try FactorRegistry([PasswordStrategy(), strategy]), answers: answers)

        let session = try await driver.signIn()

        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 2)
        expectRequest(
            harness.requests[1], .post, "/v1/client/sign_ins/sia_1/attempt_second_factor",
            form: [("strategy", "device_code"), ("code", "device-code-777")])
        #expect(answers.questions.count == 2)
        #expect(strategy.steps.values == ["second_factor device_code sent to nothing"])
    }

}
