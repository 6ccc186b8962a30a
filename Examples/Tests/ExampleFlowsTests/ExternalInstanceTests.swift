import Clerk
import ClerkLocalServer
import ExampleFlows
import Foundation
import Testing

/// `--frontend-api URL`: the same flows against a separately started instance, where nothing is
/// seeded (accounts are made by signing up through the Frontend API first).
@Suite("Against a separately started instance")
struct ExternalInstanceTests {
    @Test(
        "the code flows run against a clerk-local started on its own, codes read from its outbox over HTTP",
        arguments: [ExampleFlow.emailCodeSignIn, .emailCodeSignUp])
    func separateServer(_ flow: ExampleFlow) async throws {
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.emailCode.settings)
        let configuration = try ClerkConfiguration(frontendAPIURL: server.baseURL)
        let result = await ExampleRunner.run(flow, options: RunOptions(instance: .external(configuration)))
        let users = server.outbox().map(\.to)
        await server.shutdown()
        #expect(result.passed, result.failureComment)
        #expect(result.transcript.contains { $0.kind == .delivery })
        #expect(!users.isEmpty)
    }

    @Test("an account with second factors is made through the SDK there: sign-up, then the account API")
    func multiFactorAccountsAreProvisioned() async throws {
        let server = try await LocalFrontendAPI.start(settings: ExampleFlow.mfaBackupCode.settings)
        let configuration = try ClerkConfiguration(frontendAPIURL: server.baseURL)
        let result = await ExampleRunner.run(.mfaBackupCode, options: RunOptions(instance: .external(configuration)))
        let enrolled = await server.sessions().count
        await server.shutdown()
        #expect(result.passed, result.failureComment)
        #expect(result.transcript.contains { $0.text.contains("through a sign-up and the account API beforehand") })
        #expect(result.events.contains(.factorChosen(strategy: .backupCode, stage: .secondFactor)))
        #expect(enrolled >= 2, "the provisioning sign-up's session, then the flow's")
    }
}
