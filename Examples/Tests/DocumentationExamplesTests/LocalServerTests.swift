import Clerk
import ClerkLocalServer
import DocumentationExamples
import Testing

@Suite("The local server")
struct LocalServerTests {
    @Test("a client for the local server on its port reads the instance's environment")
    func clientForLocalServer() async throws {
        try await withLocalServer(.mfa) { server in
            let clerk = try localServerClient(port: server.port)
            #expect(clerk.configuration.frontendAPIURL.absoluteString == "http://127.0.0.1:\(server.port)")
            let environment = try await clerk.environment()
            #expect(environment.displayConfig?.applicationName == server.settings.applicationName)
        }
    }
}
