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

    @Test("an account with second factors cannot be made there, and the flow says why")
    func multiFactorNeedsSeeding() async throws {
        let server = try await LocalFrontendAPI.start(settings: SettingsPreset.mfa.settings)
        let configuration = try ClerkConfiguration(frontendAPIURL: server.baseURL)
        let result = await ExampleRunner.run(.mfaTOTP, options: RunOptions(instance: .external(configuration)))
        await server.shutdown()
        #expect(!result.passed)
        #expect(result.error?.contains("only the embedded server can seed") == true)
        #expect(result.requests == 0)
    }
}
