import ClerkEmailCode
import ClerkPassword
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

/// A strategy the instance does not offer fails with an error naming it and what the instance
/// offers: before any request when the environment is known, else after the server's refusal.
@Suite("Strategies the instance does not offer")
struct OfferedStrategyTests {
    /// An environment whose instance signs in with a password only (clerk-local's default preset).
    static let passwordOnly = environment(password: true, emailFirstFactors: [])
    static let emailCode = environment(password: false, emailFirstFactors: [.emailCode])

    static func environment(password: Bool, emailFirstFactors: [Strategy]) -> TransportResponse {
        let settings = UserSettings(
            attributes: UserSettingsAttributes(
                emailAddress: AttributeSettings(enabled: true, usedForFirstFactor: true, firstFactors: emailFirstFactors),
                password: AttributeSettings(enabled: password)))
        return TransportResponse(status: 200, json: Fixture.json(EnvironmentResource(userSettings: settings)))
    }

    @Test("with the environment known, the driver refuses before asking anything or sending a request")
    func refusedBeforeAnyRequest() async throws {
        let harness = Harness([.respond(Self.passwordOnly)])
        _ = try await harness.client.environment()
        let (driver, script, _) = try makeDriver(harness, [EmailCodeStrategy()], answers: [.identifier(jane)])
        let error = await clerkError { try await driver.signIn() }
        #expect(error == .configuration(.strategyNotOffered(.emailCode, offered: [.password])))
        #expect(error?.description.contains("does not offer 'email_code' for signing in; it offers 'password'") == true)
        #expect(harness.requests.map(\.path) == ["/v1/environment"])
        #expect(script.questions.isEmpty)
    }

    @Test("with the environment known, createSignIn refuses before any request; an offered strategy goes through")
    func handleLevel() async throws {
        let signIn = Fixture.signIn(status: .needsFirstFactor)
        let harness = Harness([.respond(Self.emailCode), .respond(Fixture.envelope(signIn, client: Fixture.client(signIn: signIn)))])
        _ = try await harness.client.environment()
        let error = await clerkError { try await harness.client.createSignIn(.init(identifier: jane, password: "pw")) }
        #expect(error == .configuration(.strategyNotOffered(.password, offered: [.emailCode])))
        _ = try await harness.client.createSignIn(.init(strategy: .emailCode, identifier: jane))
        #expect(harness.requests.map(\.path) == ["/v1/environment", "/v1/client/sign_ins"])
    }

    @Test("without it, the server's strategy_for_user_invalid is explained from the environment read then")
    func explainedAfterRefusal() async throws {
        let refusal = Fixture.error(400, .strategyForUserInvalid)
        let harness = Harness([.respond(refusal), .respond(Self.passwordOnly)])
        let error = await clerkError { try await harness.client.createSignIn(.init(strategy: .emailCode, identifier: jane)) }
        #expect(error == .configuration(.strategyNotOffered(.emailCode, offered: [.password])))
        #expect(harness.requests.map(\.path) == ["/v1/client/sign_ins", "/v1/environment"])
    }

    @Test("a refusal the environment does not explain (the user lacks the factor) is the server's own")
    func refusalOfTheUser() async throws {
        let harness = Harness([.respond(Fixture.error(400, .strategyForUserInvalid)), .respond(Self.emailCode)])
        let error = await clerkError { try await harness.client.createSignIn(.init(strategy: .emailCode, identifier: jane)) }
        #expect(error?.code == .strategyForUserInvalid)
    }

    @Test("strategies the environment does not describe (a ticket, a strategy of your own) are never refused on its word")
    func undescribedStrategies() {
        let environment = EnvironmentResource(
            userSettings: UserSettings(attributes: UserSettingsAttributes(password: AttributeSettings(enabled: true))))
        #expect(!environment.refuses(.ticket))
        #expect(!environment.refuses(Strategy(rawValue: "sms_link")))
        #expect(environment.refuses(.phoneCode))
        #expect(!EnvironmentResource().refuses(.phoneCode), "an environment that lists no settings refuses nothing")
    }
}
