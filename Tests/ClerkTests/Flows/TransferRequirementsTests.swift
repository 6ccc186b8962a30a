import ClerkIDToken
import ClerkTesting
import Foundation
import Testing

@testable import Clerk

@Suite("The transfer carries what the client's known environment requires of every sign-up")
struct TransferRequirementsTests {
    static let transferable = Fixture.signIn(
        status: .needsIdentifier, identifier: nil, first: nil, firstVerification: Fixture.verification(.oauthTokenGoogle, .transferable))
    static let complete = Fixture.signUp(status: .complete, session: "sess_1")

    static func harness() -> Harness {
        Harness([
            .respond(Fixture.envelope(transferable, client: Fixture.client(signIn: transferable))),
            .respond(
                Fixture.envelope(complete, client: Fixture.client(signUp: complete, sessions: [Fixture.session()], lastActive: "sess_1"))),
        ])
    }

    static func environment(legalConsent: Bool) -> EnvironmentResource {
        EnvironmentResource(userSettings: UserSettings(signUp: SignUpSettings(legalConsentEnabled: legalConsent)))
    }

    @Test("legal consent required: asked before the transfer and sent with it; no update follows")
    func legalAcceptedWithTransfer() async throws {
        let harness = Self.harness()
        await harness.client.adoptEnvironment(Self.environment(legalConsent: true))
        var accepted = SignUpDetails()
        accepted.legalAccepted = true
        let (driver, script, events) = try makeDriver(harness, [IdentityTokenStrategy(.google)], answers: [.details(accepted)])
        let session = try await driver.signIn(with: try IdentityToken(.google, token: "eyJ.google.token"))
        #expect(session.id == "sess_1")
        #expect(harness.requests.count == 2)
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ups", form: [("transfer", "true"), ("legal_accepted", "true")])
        #expect(script.questions == [.missingFields([.legalAccepted])])
        let steps = events.values
        let supplied = try #require(steps.firstIndex(of: .fieldsSupplied([.legalAccepted])))
        #expect(steps.firstIndex(of: .transferringToSignUp).map { $0 < supplied } == true)
    }

    @Test("an environment that requires no consent, or none known: nothing is asked before the transfer", arguments: [false, true])
    func nothingRequired(environmentKnown: Bool) async throws {
        let harness = Self.harness()
        if environmentKnown { await harness.client.adoptEnvironment(Self.environment(legalConsent: false)) }
        let (driver, script, _) = try makeDriver(harness, [IdentityTokenStrategy(.google)], answers: [])
        _ = try await driver.signIn(with: try IdentityToken(.google, token: "eyJ.google.token"))
        #expect(harness.requests.count == 2)
        expectRequest(harness.requests[1], .post, "/v1/client/sign_ups", form: [("transfer", "true")])
        #expect(script.questions.isEmpty)
    }

    @Test("adoptEnvironment sends no request and is what knownEnvironment returns")
    func adoptionSendsNothing() async {
        let harness = Harness([])
        let environment = Self.environment(legalConsent: true)
        await harness.client.adoptEnvironment(environment)
        #expect(await harness.client.knownEnvironment == environment)
        #expect(harness.requests.isEmpty)
    }
}
