import ClerkEmailCode
import ClerkTesting
import Testing

/// The email code sign-in as the examples show it: registry, strategy, driver, no wire details.
@Suite("Documented example")
struct ExampleTests {
    @Test("email code sign-in in ten lines")
    func emailCodeExample() async throws {
        let prepared = Fixture.signIn(status: .needsFirstFactor, firstVerification: Fixture.verification(.emailCode, next: .needsAttempt))
        let done = Fixture.signIn(status: .complete, session: "sess_1")
        let transport = ScriptedTransport([
            .respond(Fixture.envelope(prepared, client: Fixture.client(signIn: prepared))),
            .respond(Fixture.envelope(done, client: Fixture.completedClient(done))),
        ])

        // --- the example ---
        let clerk = try ClerkClient(publishableKey: "pk_test_Y2xlcmsuZXhhbXBsZS5jb20k", options: .init(transport: transport))
        let registry = try FactorRegistry([EmailCodeStrategy()])
        let driver = FlowDriver(client: clerk, registry: registry, onEvent: { print($0) }) { question in
            switch question {
            case .identifier: .identifier("jane+clerk_test@example.com")
            case .code: .code("424242")
            default: .startOver
            }
        }
        let session = try await Task { try await driver.signIn() }.value
        // --- end of the example ---

        #expect(session.id == "sess_1")
        #expect(transport.requests.count == 2)
        #expect(transport.requests.first?.url.host == "clerk.example.com")
    }
}
